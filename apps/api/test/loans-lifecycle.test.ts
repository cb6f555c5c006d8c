import { loanMessages } from '@prestamos-hn/contract';
import { addDays, LOAN_STATUS as L } from '@prestamos-hn/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, instalments, loans, notifications } from '../src/db/schema/index.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { borrowerWithDisbursedLoan, paymentStaff, sessionNow, type Staff } from './support/payments.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Decision 014, point 6 (lifecycle), over HTTP with a moving clock: the collections stages block a
 * new request on the server and in the one-blocking-loan index; an approved request expires
 * OFFER_EXPIRY_DAYS (7) after its approval; a disbursement dated on or before an expired loan's
 * expiry date is still recorded. One timeline, the clock only moving forward: requests on
 * 22 November 2026 (09:00 in Tegucigalpa), approvals 6 days later on the 28th (good until
 * 5 December, expired by the run of the 6th), disbursements recorded on 7 December, the disbursed
 * loans late on 23 December.
 */
const REQUESTED_ON = '2026-11-22';
const APPROVED_ON = '2026-11-28';
const EXPIRES_ON = '2026-12-05';
/** 09:00 in Tegucigalpa on `date`. */
const nineAm = (date: string) => `${date}T15:00:00Z`;

let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp({ now: nineAm(REQUESTED_ON) });
  staff = await paymentStaff(t);
});
afterAll(() => t.close());

const loanRow = async (id: number) => (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const loansOf = (borrowerId: number) =>
  t.deps.db.select().from(loans).where(eq(loans.borrowerId, borrowerId)).orderBy(asc(loans.id));
const scheduleOf = (id: number) =>
  t.deps.db.select().from(instalments).where(eq(instalments.loanId, id)).orderBy(asc(instalments.position));
const auditOf = (id: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'loan'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

/** A borrower with REQUEST made now through postOffer (status 0). */
async function requested() {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
    container_id: number;
  };
  return { ...borrower, loanId };
}

/** A staff member of `role` logged in now (sessions do not outlive the days the clock moves). */
const staffNow = async (role: 'analyst' | 'cashier') => (await staffWithRole(t, role)).browser;

/** The daily run of every date from `from` to `to`, each at 09:00 that day. */
async function runDates(from: string, to: string) {
  for (let date = from; date <= to; date = addDays(date, 1)) {
    t.clock.set(nineAm(date));
    const outcome = await runServicingDate(t.deps, date);
    expect(outcome, date).toMatchObject({ ran: true });
  }
}

/** The database's unique-violation error, however the driver wraps it. */
function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? /unique constraint "([^"]+)"/.exec(message ?? '')?.[1];
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// Made on 22 November, in beforeAll of the blocks below as the timeline needs them.
let approvedLate: Awaited<ReturnType<typeof requested>>;
let waiting: Awaited<ReturnType<typeof requested>>;
let sentInTime: Awaited<ReturnType<typeof requested>>;
let sentTooLate: Awaited<ReturnType<typeof requested>>;
let askedAgain: Awaited<ReturnType<typeof requested>>;
let defaulters: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>[];

describe('an approved request expires OFFER_EXPIRY_DAYS after its approval', () => {
  beforeAll(async () => {
    approvedLate = await requested();
    waiting = await requested();
    sentInTime = await requested();
    sentTooLate = await requested();
    askedAgain = await requested();
    // Disbursed today: late on 23 December, moved to collections then.
    defaulters = [];
    for (let k = 0; k < 3; k++) defaulters.push(await borrowerWithDisbursedLoan(t, staff));
  });

  it('an approval keeps its Tegucigalpa date', async () => {
    t.clock.set(nineAm(APPROVED_ON));
    const analyst = await staffNow('analyst');
    for (const r of [approvedLate, sentInTime, sentTooLate, askedAgain]) {
      const res = await analyst.post(`/loans/${r.loanId}/decision`, { decision: 'approve' });
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    }
    expect(await loanRow(approvedLate.loanId)).toMatchObject({
      status: L.approved,
      requestedOn: REQUESTED_ON,
      approvedOn: APPROVED_ON,
    });
    const [audit] = await auditOf(approvedLate.loanId, 'loan.approve');
    expect(audit!.after).toMatchObject({ status: L.approved, approvedOn: APPROVED_ON });
    // A request never approved has none.
    expect((await loanRow(waiting.loanId)).approvedOn).toBeNull();
    // The loan file tells staff until when each is good.
    const file = await analyst.get(`/loans/${approvedLate.loanId}`);
    expect(file.statusCode, JSON.stringify(file.json)).toBe(200);
    expect(file.json.loan).toMatchObject({ approvedOn: APPROVED_ON, offerExpiresOn: EXPIRES_ON });
    expect((await analyst.get(`/loans/${waiting.loanId}`)).json.loan).toMatchObject({
      approvedOn: null,
      offerExpiresOn: '2026-11-29',
    });
  });

  it('is still 5 Reunido after request + 7 days, and on its approval + 7 days', async () => {
    // The old rule expired it by the run of 30 November (more than 7 days after the request).
    await runDates('2026-11-23', EXPIRES_ON);
    expect((await loanRow(approvedLate.loanId)).status).toBe(L.approved);
    // A request still waiting for an analyst expires 7 days after the request, as before.
    expect(await loanRow(waiting.loanId)).toMatchObject({ status: L.expired });
    const [waited] = await auditOf(waiting.loanId, 'loan.expire');
    expect(waited).toMatchObject({
      actorType: 'system',
      after: { status: L.expired, businessDate: '2026-11-30', offerExpiresOn: '2026-11-29' },
    });
  });

  it('expires the day after approval + 7 days, with its audit row and the borrower told', async () => {
    await runDates(addDays(EXPIRES_ON, 1), addDays(EXPIRES_ON, 1));
    const expired = await loanRow(approvedLate.loanId);
    expect(expired).toMatchObject({ status: L.expired, approvedOn: APPROVED_ON });
    expect(expired.expiredAt).not.toBeNull();
    const [audit] = await auditOf(approvedLate.loanId, 'loan.expire');
    expect(audit).toMatchObject({
      actorType: 'system',
      before: { status: L.approved },
      after: { status: L.expired, businessDate: '2026-12-06', offerExpiresOn: EXPIRES_ON, expiryDays: 7 },
    });
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.borrowerId, approvedLate.borrowerId),
          eq(notifications.title, 'Tu solicitud venció'),
        ),
      );
    expect(told).toHaveLength(1);
    for (const r of [sentInTime, sentTooLate, askedAgain]) {
      expect((await loanRow(r.loanId)).status).toBe(L.expired);
    }
  });
});

describe('a disbursement recorded after the expiry', () => {
  let cashier: StaffBrowser;
  const RECORDED_ON = '2026-12-07';
  beforeAll(async () => {
    t.clock.set(nineAm(RECORDED_ON));
    cashier = await staffNow('cashier');
  });

  it('dated on the expiry date: 7 → 3, audited as such, with the schedule and notice of any disbursement', async () => {
    const body = { disbursedOn: EXPIRES_ON, reference: 'TRF-EN-PLAZO' };
    const res = await cashier.post(`/loans/${sentInTime.loanId}/disbursement`, body);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: sentInTime.loanId,
      status: L.paying,
      statusLabel: 'Pagando',
      disbursedOn: EXPIRES_ON,
      reference: 'TRF-EN-PLAZO',
    });
    // Monthly: instalment k due k × 30 days after the day the money went out.
    expect((res.json.instalments as { dueDate: string }[]).map((i) => i.dueDate)).toEqual([
      '2027-01-04',
      '2027-02-03',
      '2027-03-05',
    ]);
    expect(await scheduleOf(sentInTime.loanId)).toHaveLength(3);
    expect(await loanRow(sentInTime.loanId)).toMatchObject({
      status: L.paying,
      disbursedOn: EXPIRES_ON,
      disbursementReference: 'TRF-EN-PLAZO',
    });

    expect(await auditOf(sentInTime.loanId, 'loan.disburse')).toEqual([]);
    const [audit] = await auditOf(sentInTime.loanId, 'loan.disburse_expired');
    expect(audit).toMatchObject({
      actorType: 'staff',
      before: { status: L.expired, approvedOn: APPROVED_ON, disbursedOn: null },
      after: {
        status: L.paying,
        disbursedOn: EXPIRES_ON,
        instalments: 3,
        offerExpiresOn: EXPIRES_ON,
        expiryDays: 7,
      },
    });
    const deposited = await t.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.borrowerId, sentInTime.borrowerId),
          eq(notifications.title, 'Depositamos tu préstamo'),
        ),
      );
    expect(deposited).toHaveLength(1);

    expect((await cashier.get(`/loans/${sentInTime.loanId}`)).json.loan).toMatchObject({
      status: L.paying,
      approvedOn: APPROVED_ON,
      offerExpiresOn: null,
    });

    // Recorded twice (a retried request): the same answer, one schedule.
    const again = await cashier.post(`/loans/${sentInTime.loanId}/disbursement`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json).toEqual(res.json);
    expect(await scheduleOf(sentInTime.loanId)).toHaveLength(3);
    // Back in 3 Pagando, it blocks a new request like any loan being paid.
    const sid = await sessionNow(t, sentInTime.borrowerId);
    await expectEr(postOffer(t, { sid, ...REQUEST }), loanMessages.blockingOffer);
  });

  it('dated after the expiry date: refused as before, nothing changed', async () => {
    const res = await cashier.post(`/loans/${sentTooLate.loanId}/disbursement`, {
      disbursedOn: addDays(EXPIRES_ON, 1),
      reference: 'TRF-TARDE',
    });
    expectError(
      res,
      409,
      'Solo se desembolsa un préstamo aprobado (Reunido); este está en estado «El tiempo se acabo».',
    );
    expect(await loanRow(sentTooLate.loanId)).toMatchObject({ status: L.expired, disbursedOn: null });
    expect(await scheduleOf(sentTooLate.loanId)).toEqual([]);
    expect(await auditOf(sentTooLate.loanId, 'loan.disburse_expired')).toEqual([]);
  });

  it('never for a request that expired before it was approved', async () => {
    const res = await cashier.post(`/loans/${waiting.loanId}/disbursement`, {
      disbursedOn: REQUESTED_ON,
      reference: 'TRF-SIN-APROBAR',
    });
    expectError(
      res,
      409,
      'Solo se desembolsa un préstamo aprobado (Reunido); este está en estado «El tiempo se acabo».',
    );
    expect((await loanRow(waiting.loanId)).status).toBe(L.expired);
  });

  it('refused while the borrower has asked for another loan since (one open loan each)', async () => {
    // The expired loan no longer blocked: the borrower asked again.
    const sid = await sessionNow(t, askedAgain.borrowerId);
    const { container_id: newer } = (await expectOk(postOffer(t, { sid, ...REQUEST }))) as {
      container_id: number;
    };
    const res = await cashier.post(`/loans/${askedAgain.loanId}/disbursement`, {
      disbursedOn: '2026-12-03',
      reference: 'TRF-OTRA-ABIERTA',
    });
    expectError(
      res,
      409,
      `Este cliente ya tiene otro préstamo abierto (n.º ${newer}, «Enviado») y solo puede tener uno. Si es una solicitud, recházala antes de registrar este desembolso.`,
    );
    expect((await loanRow(askedAgain.loanId)).status).toBe(L.expired);
    expect(await scheduleOf(askedAgain.loanId)).toEqual([]);

    // Once that request is rejected, the disbursement goes through.
    const analyst = await staffNow('analyst');
    const rejected = await analyst.post(`/loans/${newer}/decision`, {
      decision: 'reject',
      reason: 'Ya se le depositó el préstamo anterior.',
    });
    expect(rejected.statusCode, JSON.stringify(rejected.json)).toBe(200);
    const done = await cashier.post(`/loans/${askedAgain.loanId}/disbursement`, {
      disbursedOn: '2026-12-03',
      reference: 'TRF-OTRA-ABIERTA',
    });
    expect(done.statusCode, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ status: L.paying });
  });
});

describe('a loan in collections blocks a new request', () => {
  const STAGES = [L.bailiff, L.court, L.preTrial] as const;
  beforeAll(async () => {
    // The first instalment (due 22 December) is late on the 23rd: the loans are 8 Atrasado.
    await runDates('2026-12-07', '2026-12-23');
    for (const d of defaulters) expect((await loanRow(d.loanId)).status).toBe(L.late);
  });

  it.each(STAGES.map((stage, k) => [stage, k] as const))(
    'moved to %i by collections staff, the borrower is refused by postOffer',
    async (stage, k) => {
      const d = defaulters[k]!;
      const cashier = await staffNow('cashier');
      const moved = await cashier.post(`/collections/${d.loanId}/stage`, {
        status: stage,
        fromStatus: L.late,
        reason: 'Sin pagos ni respuesta en tres semanas.',
      });
      expect(moved.statusCode, JSON.stringify(moved.json)).toBe(200);
      expect((await loanRow(d.loanId)).status).toBe(stage);

      const sid = await sessionNow(t, d.borrowerId);
      await expectEr(postOffer(t, { sid, ...REQUEST }), loanMessages.blockingOffer);
      await expectEr(
        postOffer(t, { sid, ...REQUEST, productId: 2, amount: 2000, period: 30 }),
        loanMessages.blockingOffer,
      );
      expect((await loansOf(d.borrowerId)).map((l) => l.id)).toEqual([d.loanId]);
      // The daily run leaves the stage alone, and the borrower stays refused.
      await runDates(addDays('2026-12-23', k + 1), addDays('2026-12-23', k + 1));
      expect((await loanRow(d.loanId)).status).toBe(stage);
      const later = await sessionNow(t, d.borrowerId);
      await expectEr(postOffer(t, { sid: later, ...REQUEST }), loanMessages.blockingOffer);
    },
  );

  it('the database refuses a second blocking loan for a borrower in 10 Corte', async () => {
    const d = defaulters[STAGES.indexOf(L.court)]!;
    const { id: _id, ...court } = await loanRow(d.loanId);
    for (const status of [L.sent, L.approved, L.bailiff]) {
      const error = await t.deps.db
        .insert(loans)
        .values({
          ...court,
          status,
          disbursedAt: null,
          disbursedOn: null,
          disbursementReference: null,
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(violatedConstraint(error), String(status)).toBe('loans_one_blocking_per_borrower_key');
    }
    // A loan that blocks nothing (7 El tiempo se acabo) may sit beside it.
    const [expired] = await t.deps.db
      .insert(loans)
      .values({
        ...court,
        status: L.expired,
        disbursedAt: null,
        disbursedOn: null,
        disbursementReference: null,
      })
      .returning({ id: loans.id });
    expect((await loansOf(d.borrowerId)).map((l) => l.status)).toEqual([L.court, L.expired]);
    // Nor can that loan be moved back into a blocking status.
    const moved = await t.deps.db
      .update(loans)
      .set({ status: L.sent })
      .where(eq(loans.id, expired!.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(violatedConstraint(moved)).toBe('loans_one_blocking_per_borrower_key');
  });
});
