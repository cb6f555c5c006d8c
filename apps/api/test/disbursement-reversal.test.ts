import {
  DISBURSEMENT_REVERSAL_MESSAGES,
  INSTALMENT_STATUS as I,
  LOAN_STATUS as L,
} from '@prestamos-hn/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  borrowers,
  disbursementReversals,
  instalments,
  loanCharges,
  loans,
  notifications,
} from '../src/db/schema/index.ts';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { reverseDisbursement } from '../src/services/loans/disbursement-reversal.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { outboxFor } from './support/accounts.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { borrowerReadyToApply, REQUEST, staffMember, postOffer } from './support/loans.ts';
import { photoOf, postReceipt, sessionNow } from './support/payments.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 31 point 4, the second route: POST /loans/:id/disbursement/reversal undoes a disbursement
 * while no money has reached the loan. Through the staff routes, as the back-office calls them.
 */
let t: TestApp;
let analyst: StaffBrowser;
let cashier: StaffBrowser;
let supervisor: StaffBrowser;
let supervisorName: string;

const TODAY = '2026-11-23';
const NOON = `${TODAY}T15:00:00Z`;
const REASON = 'La transferencia fue devuelta por el banco: la cuenta estaba cerrada.';

beforeAll(async () => {
  t = await createTestApp({ now: NOON });
  analyst = (await staffWithRole(t, 'analyst')).browser;
  cashier = (await staffWithRole(t, 'cashier')).browser;
  const sup = await staffWithRole(t, 'supervisor');
  supervisor = sup.browser;
  supervisorName = sup.email.split('@')[0]!;
});
afterAll(() => t.close());

/** A borrower's loan, approved by the analyst and disbursed by the cashier on `disbursedOn`. */
async function disbursedLoan(disbursedOn = TODAY, reference = 'TRF-ORIGINAL') {
  const borrower = await borrowerReadyToApply(t);
  const offer = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
    container_id: number;
  };
  const loanId = offer.container_id;
  expect((await analyst.post(`/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  const paid = await cashier.post(`/loans/${loanId}/disbursement`, { disbursedOn, reference });
  expect(paid.statusCode, JSON.stringify(paid.json)).toBe(200);
  const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrower.borrowerId));
  return { ...borrower, loanId, phone: row!.mobPhone };
}

const reverse = (who: StaffBrowser, loanId: number, reason: unknown = REASON) =>
  who.post(`/loans/${loanId}/disbursement/reversal`, { reason });
const loanRow = async (id: number) => (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const allInstalments = (loanId: number) =>
  t.deps.db.select().from(instalments).where(eq(instalments.loanId, loanId)).orderBy(asc(instalments.id));
const reversalsOf = (loanId: number) =>
  t.deps.db.select().from(disbursementReversals).where(eq(disbursementReversals.loanId, loanId));

describe('POST /loans/:id/disbursement/reversal', () => {
  it('takes the loan back to 5 Reunido, voids its schedule, keeps the disbursement in its history, audits it and tells the borrower', async () => {
    const b = await disbursedLoan();
    const before = await loanRow(b.loanId);
    const schedule = await allInstalments(b.loanId);
    expect(schedule).toHaveLength(3);

    const res = await reverse(supervisor, b.loanId, `  ${REASON}  `);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: b.loanId,
      status: L.approved,
      statusLabel: 'Reunido',
      reversal: {
        amountCents: 100_000,
        disbursedOn: TODAY,
        disbursementReference: 'TRF-ORIGINAL',
        instalments: 3,
        reason: REASON,
        businessDate: TODAY,
        reversedBy: supervisorName,
      },
    });

    const after = await loanRow(b.loanId);
    expect(after).toMatchObject({
      status: L.approved,
      disbursedOn: null,
      disbursedAt: null,
      disbursementReference: null,
      disbursedByStaffId: null,
      approvedOn: before.approvedOn,
      payoutBankAccountId: before.payoutBankAccountId,
    });
    // Voided, not deleted: every row stays with its history, none is the loan's schedule any more.
    const voided = await allInstalments(b.loanId);
    expect(voided.map((i) => i.id)).toEqual(schedule.map((i) => i.id));
    expect(voided.every((i) => i.voidedAt !== null)).toBe(true);
    const [kept] = await reversalsOf(b.loanId);
    expect(kept).toMatchObject({
      amountCents: 100_000,
      disbursedByStaffId: before.disbursedByStaffId,
      disbursedOn: TODAY,
      disbursementReference: 'TRF-ORIGINAL',
      payoutBankAccountId: before.payoutBankAccountId,
      instalments: 3,
      reason: REASON,
    });
    expect(voided[0]!.voidedAt?.getTime()).toBe(kept!.reversedAt.getTime());

    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'loan'),
          eq(auditLog.entityId, String(b.loanId)),
          eq(auditLog.action, 'loan.reverse_disbursement'),
        ),
      );
    expect(audit).toMatchObject({ actorType: 'staff' });
    expect(audit!.before).toMatchObject({
      status: L.paying,
      disbursedOn: TODAY,
      disbursementReference: 'TRF-ORIGINAL',
      instalmentIds: schedule.map((i) => i.id),
    });
    expect(audit!.after).toMatchObject({
      status: L.approved,
      disbursedOn: null,
      reason: REASON,
      reversalId: kept!.id,
    });

    const [notice] = await t.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.borrowerId, b.borrowerId),
          eq(notifications.title, 'Revertimos el depósito de tu préstamo'),
        ),
      );
    expect(notice?.body).toContain('no debes pagar cuotas');
    expect((await outboxFor(t, b.phone))[0]?.body).toContain('Revertimos el depósito de tu préstamo');

    // The loan file and the borrower's app: approved, no schedule, the reversal in the history.
    const file = (await cashier.get(`/loans/${b.loanId}`)).json as {
      loan: { status: number; disbursedOn: string | null };
      instalments: unknown[];
      disbursementReversals: { reason: string }[];
    };
    expect(file.loan).toMatchObject({ status: L.approved, disbursedOn: null });
    expect(file.instalments).toEqual([]);
    expect(file.disbursementReversals.map((r) => r.reason)).toEqual([REASON]);
    const offers = (await expectOk(t.call('getCustomerOfferList.php', { sid: b.sid }))) as {
      loans: Record<string, { status: number; debt: number }>;
    };
    // Nothing owed but the quote's total again, as before the first disbursement.
    expect(offers.loans[String(b.loanId)]).toMatchObject({ status: L.approved, debt: 1251.63 });
  });

  it('a later disbursement makes a fresh schedule; the voided one stays out of the daily run', async () => {
    // Its own app and clock: the disbursement is recorded 40 days after the money went out.
    const late = await createTestApp({ now: '2026-10-01T15:00:00Z' });
    try {
      const staff = {
        analyst: await staffMember(late, 'analyst'),
        cashier: await staffMember(late, 'cashier'),
        supervisor: await staffMember(late, 'supervisor'),
      };
      const b = await borrowerReadyToApply(late);
      const offer = (await expectOk(postOffer(late, { sid: b.sid, ...REQUEST }))) as {
        container_id: number;
      };
      const loanId = offer.container_id;
      await decideLoan(late.deps, staff.analyst, loanId, { decision: 'approve' });
      late.clock.set(NOON);
      await recordDisbursement(late.deps, staff.cashier, loanId, {
        disbursedOn: '2026-10-01',
        reference: 'TRF-TARDE',
      });
      await runServicingDate(late.deps, TODAY);
      const loanOf = async () => (await late.deps.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;
      expect((await loanOf()).status).toBe(L.late);
      const charged = await late.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loanId));
      expect(charged.length).toBeGreaterThan(0);

      // No money came in (a late fee is a charge, not money): the reversal goes through.
      await reverseDisbursement(late.deps, staff.supervisor, loanId, { reason: REASON });
      const again = await recordDisbursement(late.deps, staff.cashier, loanId, {
        disbursedOn: TODAY,
        reference: 'TRF-NUEVA',
      });
      expect(again).toMatchObject({ status: L.paying, disbursedOn: TODAY, reference: 'TRF-NUEVA' });
      expect(again.instalments.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(again.instalments.map((i) => i.status)).toEqual([I.current, I.next, I.pending]);

      const rows = await late.deps.db
        .select()
        .from(instalments)
        .where(eq(instalments.loanId, loanId))
        .orderBy(asc(instalments.id));
      expect(rows).toHaveLength(6);
      const voided = rows.filter((i) => i.voidedAt !== null);
      const live = rows.filter((i) => i.voidedAt === null);
      expect(live.map((i) => i.id)).toEqual(again.instalments.map((i) => i.id));
      expect(live.every((i) => i.lateFeeCents === 0)).toBe(true);

      // The next day's run sees the fresh schedule only: not late, no fee on it, the voided rows untouched.
      late.clock.set('2026-11-24T15:00:00Z');
      await runServicingDate(late.deps, '2026-11-24');
      expect((await loanOf()).status).toBe(L.paying);
      const voidedAfter = await late.deps.db
        .select()
        .from(instalments)
        .where(and(eq(instalments.loanId, loanId), isNotNull(instalments.voidedAt)))
        .orderBy(asc(instalments.id));
      expect(voidedAfter).toEqual(voided);
      const chargesAfter = await late.deps.db
        .select()
        .from(loanCharges)
        .where(eq(loanCharges.loanId, loanId));
      expect(chargesAfter).toHaveLength(charged.length);

      // The borrower pays against the fresh first instalment.
      const sent = await postReceipt(late, await sessionNow(late, b.borrowerId), {
        containerId: loanId,
        idpago: live[0]!.id,
        amount: '417.21',
        reference: `R-${loanId}`,
      });
      expect(sent.json.status, JSON.stringify(sent.json)).toBe('OK');
    } finally {
      await late.close();
    }
  });

  it('is refused once money reached the loan, and while a receipt waits for a decision', async () => {
    const b = await disbursedLoan();
    const [first] = (await allInstalments(b.loanId)).filter((i) => i.voidedAt === null);
    const sent = await postReceipt(t, b.sid, {
      containerId: b.loanId,
      idpago: first!.id,
      amount: '417.21',
      reference: `R-${b.loanId}`,
    });
    const receiptId = (sent.json.payload as { receipt_id: number }).receipt_id;
    expectError(await reverse(supervisor, b.loanId), 409, DISBURSEMENT_REVERSAL_MESSAGES.receiptsWaiting);
    const shown = await cashier.get(`/receipts/${receiptId}`);
    const validated = await cashier.post(`/receipts/${receiptId}/decision`, {
      decision: 'validate',
      amount: '417.21',
      photoSha256: (shown.json as { photoSha256: string }).photoSha256,
    });
    expect(validated.statusCode, JSON.stringify(validated.json)).toBe(200);
    expectError(await reverse(supervisor, b.loanId), 409, DISBURSEMENT_REVERSAL_MESSAGES.moneyApplied);
    expect((await loanRow(b.loanId)).status).toBe(L.paying);
    expect(await reversalsOf(b.loanId)).toEqual([]);
  });

  it('refuses a loan not disbursed (409), a missing reason (400), a role without the permission (403)', async () => {
    const b = await disbursedLoan();
    expectError(await reverse(supervisor, b.loanId, '   '), 400, 'Escribe el motivo de la reversión.');
    expectError(await reverse(supervisor, b.loanId, 'x'.repeat(501)), 400);
    expectError(await reverse(cashier, b.loanId), 403);
    expectError(await reverse(analyst, b.loanId), 403);
    expectError(await reverse(supervisor, 999_999), 404);
    expect((await reverse(supervisor, b.loanId)).statusCode).toBe(200);
    expectError(await reverse(supervisor, b.loanId), 409, DISBURSEMENT_REVERSAL_MESSAGES.notDisbursed);
    expect(await reversalsOf(b.loanId)).toHaveLength(1);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('20 reversals of one disbursement at once: one wins, the others find nothing to reverse', async () => {
    const b = await disbursedLoan();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reverse(supervisor, b.loanId)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expectError(refused, 409, DISBURSEMENT_REVERSAL_MESSAGES.notDisbursed);
    }
    expect(await reversalsOf(b.loanId)).toHaveLength(1);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(b.loanId)), eq(auditLog.action, 'loan.reverse_disbursement')));
    expect(audits).toHaveLength(1);
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.borrowerId, b.borrowerId),
          eq(notifications.title, 'Revertimos el depósito de tu préstamo'),
        ),
      );
    expect(told).toHaveLength(1);
    expect((await loanRow(b.loanId)).status).toBe(L.approved);
  });

  it('a reversal racing the validation of a waiting receipt: the reversal is refused, the money goes in, the disbursement stays', async () => {
    const b = await disbursedLoan();
    const [first] = (await allInstalments(b.loanId)).filter((i) => i.voidedAt === null);
    const sent = await postReceipt(t, b.sid, {
      containerId: b.loanId,
      idpago: first!.id,
      amount: '417.21',
      reference: `RACE-${b.loanId}`,
    });
    const receiptId = (sent.json.payload as { receipt_id: number }).receipt_id;
    // The cashier's decision names the photo she saw (issue 31 point 3).
    const photoSha256 = await photoOf(t, receiptId);
    const [reversal, validation] = await Promise.all([
      reverse(supervisor, b.loanId),
      cashier.post(`/receipts/${receiptId}/decision`, {
        decision: 'validate',
        amount: '417.21',
        photoSha256,
      }),
    ]);
    // The receipt waits while the reversal looks: it is refused; the validation goes on.
    expect(reversal.statusCode).toBe(409);
    expect(validation.statusCode).toBe(200);
    expect((await loanRow(b.loanId)).status).toBe(L.paying);
  });
});
