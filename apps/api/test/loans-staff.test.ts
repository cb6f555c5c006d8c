import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, instalments, loans, notifications } from '../src/db/schema/index.ts';
import {
  updatePriceList,
  createPurpose,
  updatePurpose,
  listProducts,
} from '../src/services/loans/catalog.ts';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { expireStaleRequests } from '../src/services/loans/expiry.ts';
import { getLoanFile, listLoans } from '../src/services/loans/staff-loans.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { UserError } from '../src/errors.ts';
import { createSession } from '../src/services/sessions.ts';
import { outboxFor } from './support/accounts.ts';
import { expectStaffError } from './support/backoffice.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { borrowerReadyToApply, REQUEST, staffMember, postOffer } from './support/loans.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let analyst: StaffMember;
let secondAnalyst: StaffMember;
let cashier: StaffMember;
let admin: StaffMember;

const START = '2026-11-22T15:00:00Z';
beforeAll(async () => {
  t = await createTestApp({ now: START });
  analyst = await staffMember(t, 'analyst');
  secondAnalyst = await staffMember(t, 'analyst');
  cashier = await staffMember(t, 'cashier');
  admin = await staffMember(t, 'admin');
});
afterAll(() => t.close());

/** A borrower with a request (status 0) made now. */
async function requested(body: Record<string, unknown> = REQUEST) {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...body }))) as {
    container_id: number;
  };
  return { ...borrower, loanId };
}

const loanRow = async (id: number) => (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const scheduleOf = (id: number) =>
  t.deps.db.select().from(instalments).where(eq(instalments.loanId, id)).orderBy(instalments.position);
const loanAudit = (id: number) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'loan'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('decideLoan', () => {
  it('take, then approve: 0 → 1 → 5, audited, the borrower told in the app and by SMS', async () => {
    const { loanId, borrowerId, sid } = await requested();
    const taken = await decideLoan(t.deps, analyst, loanId, { decision: 'take' });
    expect(taken).toMatchObject({ status: 1, statusLabel: 'Reuniendo' });
    const approved = await decideLoan(t.deps, analyst, loanId, { decision: 'approve' });
    expect(approved).toMatchObject({ status: 5, statusLabel: 'Reunido' });
    expect(await loanRow(loanId)).toMatchObject({
      status: 5,
      takenByStaffId: analyst.id,
      decidedByStaffId: analyst.id,
    });
    expect((await loanAudit(loanId)).map((a) => [a.action, a.actorId])).toEqual([
      ['loan.request', String(borrowerId)],
      ['loan.take', String(analyst.id)],
      ['loan.approve', String(analyst.id)],
    ]);
    const phone = (await getLoanFile(t.deps, admin, loanId)).borrower.mobPhone;
    const sms = await outboxFor(t, phone);
    expect(sms.map((m) => m.body)).toEqual([
      'Préstamos HN: ¡Tu préstamo fue aprobado! Aprobamos tu préstamo por L 1,000.00. Pronto depositaremos el dinero en tu cuenta bancaria.',
      'Préstamos HN: Estamos revisando tu solicitud. Un analista está revisando tu solicitud de préstamo por L 1,000.00. Te avisaremos en cuanto tengamos una respuesta.',
    ]);
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    expect(list.status).toBe(5);
  });

  it.each([
    ['approve', 'approve'],
    ['approve', 'reject'],
    ['take', 'approve'],
    ['reject', 'reject'],
  ] as const)('two analysts at once (%s vs %s): one wins, the other gets 409', async (a, b) => {
    const { loanId, borrowerId } = await requested();
    const input = (d: 'take' | 'approve' | 'reject') =>
      d === 'reject' ? { decision: d, reason: 'Ingresos insuficientes.' } : { decision: d };
    const results = await Promise.allSettled([
      decideLoan(t.deps, analyst, loanId, input(a)),
      decideLoan(t.deps, secondAnalyst, loanId, input(b)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === 'rejected');
    await expectStaffError(
      Promise.reject((lost as PromiseRejectedResult).reason),
      409,
      'Otro analista ya decidió sobre esta solicitud.',
    );
    expect((await loanAudit(loanId)).filter((r) => r.action !== 'loan.request')).toHaveLength(1);
    expect(
      await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, borrowerId)),
    ).toHaveLength(2);
  });

  it('refuses a decision the status does not allow, and a rejection without a reason', async () => {
    const { loanId } = await requested();
    await decideLoan(t.deps, analyst, loanId, { decision: 'approve' });
    await expectStaffError(
      decideLoan(t.deps, analyst, loanId, { decision: 'take' }),
      409,
      'Otro analista ya decidió sobre esta solicitud.',
    );
    await expect(decideLoan(t.deps, analyst, loanId, { decision: 'reject', reason: '   ' })).rejects.toThrow(
      'Escribe el motivo del rechazo: el cliente lo leerá.',
    );
    await expectStaffError(
      decideLoan(t.deps, analyst, 999_999, { decision: 'approve' }),
      404,
      'No encontramos esa solicitud de préstamo.',
    );
  });

  it('reject: the reason is what the borrower reads in getCustomerOfferList, and nothing is owed', async () => {
    const { loanId, sid } = await requested();
    await decideLoan(t.deps, analyst, loanId, { decision: 'take' });
    await decideLoan(t.deps, analyst, loanId, {
      decision: 'reject',
      reason: '  Tu ingreso   no alcanza para la cuota.  ',
    });
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    expect((list.loans as Record<string, unknown>)[String(loanId)]).toMatchObject({
      status: 2,
      rejection_reason: 'Tu ingreso no alcanza para la cuota.',
      debt: 0,
    });
    const notes = await expectOk(t.call('getNotification.php', { sid }));
    expect(JSON.stringify(notes)).toContain('Motivo: Tu ingreso no alcanza para la cuota.');
    // Rejected is not blocking: a new request goes through.
    await expectOk(postOffer(t, { sid, ...REQUEST }));
  });
});

describe('recordDisbursement', () => {
  it('5 → 3 and one schedule from the stored quote, due dates from disbursedOn, even when recorded twice at once', async () => {
    // Requested on 20 November (the quote's dates count from then), disbursed on the 21st.
    t.clock.set('2026-11-20T15:00:00Z');
    const { loanId, borrowerId } = await requested();
    await decideLoan(t.deps, analyst, loanId, { decision: 'approve' });
    t.clock.set(START);
    const { sid } = await createSession(t.deps, { borrowerId, state: 'active' });
    try {
      const input = { disbursedOn: '2026-11-21', reference: 'TRF-000123' };
      const [first, second] = await Promise.all([
        recordDisbursement(t.deps, cashier, loanId, input),
        recordDisbursement(t.deps, cashier, loanId, input),
      ]);
      expect(second).toEqual(first);
      const again = await recordDisbursement(t.deps, cashier, loanId, {
        ...input,
        reference: ' TRF-000123 ',
      });
      expect(again).toEqual(first);

      const schedule = await scheduleOf(loanId);
      expect(
        schedule.map((i) => [
          i.position,
          i.dueDate,
          i.amountCents,
          i.chargeCents,
          i.administratorFeeCents,
          i.status,
        ]),
      ).toEqual([
        // 5 Pago Actual, 2 Pago próximo, 0 Pendiente on the day it is recorded.
        [1, '2026-12-21', 31_721, 5_000, 5_000, 5],
        [2, '2027-01-20', 33_307, 3_414, 5_000, 2],
        [3, '2027-02-19', 34_972, 1_749, 5_000, 0],
      ]);
      expect(await loanRow(loanId)).toMatchObject({
        status: 3,
        disbursedOn: '2026-11-21',
        disbursementReference: 'TRF-000123',
        disbursedByStaffId: cashier.id,
      });
      expect((await loanAudit(loanId)).filter((a) => a.action === 'loan.disburse')).toHaveLength(1);

      await expectStaffError(
        recordDisbursement(t.deps, cashier, loanId, { disbursedOn: '2026-11-21', reference: 'OTRA' }),
        409,
        'Este préstamo ya fue desembolsado con otra fecha o referencia.',
      );

      // The borrower: status 3, debt = the schedule's unpaid total, the schedule in the wire names.
      const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
      expect((list.loans as Record<string, unknown>)[String(loanId)]).toMatchObject({
        status: 3,
        debt: 1251.63,
      });
      const wire = await expectOk(t.call('getBorrowerRepaymentSchedule.php', { sid, ContainerId: loanId }));
      expect(wire).toEqual([
        expect.objectContaining({
          container_id: loanId,
          schedule_position: 1,
          schedule_date: '2026-12-21',
          status: 5,
          charge: 50,
          charge_covered: 0,
          administrator_fee: 50,
          administrator_fee_covered: 0,
          amount: 317.21,
          amount_covered: 0,
          late_fee: 0,
          late_fee_covered: 0,
          penalty_fee: 0,
          penalty_covered: 0,
        }),
        expect.objectContaining({ schedule_position: 2, schedule_date: '2027-01-20' }),
        expect.objectContaining({ schedule_position: 3, schedule_date: '2027-02-19', amount: 349.72 }),
      ]);
      const notes = await expectOk(t.call('getNotification.php', { sid }));
      expect(JSON.stringify(notes)).toContain(
        'Tu primera cuota de L 417.21 vence el 21 de diciembre de 2026.',
      );
    } finally {
      t.clock.set(START);
    }
  });

  it('refuses a loan not approved, a future date, a date before the request, and a missing reference', async () => {
    const { loanId } = await requested();
    const ok = { disbursedOn: '2026-11-22', reference: 'TRF-1' };
    await expectStaffError(
      recordDisbursement(t.deps, cashier, loanId, ok),
      409,
      'Solo se desembolsa un préstamo aprobado (Reunido); este está en estado «Enviado».',
    );
    await decideLoan(t.deps, analyst, loanId, { decision: 'approve' });
    await expect(
      recordDisbursement(t.deps, cashier, loanId, { ...ok, disbursedOn: '2026-11-23' }),
    ).rejects.toThrow('La fecha del desembolso no puede ser posterior a hoy.');
    await expect(
      recordDisbursement(t.deps, cashier, loanId, { ...ok, disbursedOn: '2026-11-21' }),
    ).rejects.toThrow('La fecha del desembolso no puede ser anterior a la solicitud.');
    await expect(
      recordDisbursement(t.deps, cashier, loanId, { ...ok, disbursedOn: '22/11/2026' }),
    ).rejects.toThrow('Escribe la fecha del desembolso (AAAA-MM-DD).');
    await expect(recordDisbursement(t.deps, cashier, loanId, { ...ok, reference: ' ' })).rejects.toThrow(
      'Escribe la referencia de la transferencia del desembolso.',
    );
    expect(await scheduleOf(loanId)).toEqual([]);
    expect((await loanRow(loanId)).status).toBe(5);
  });
});

describe('expireStaleRequests', () => {
  it('moves 0, 1 and 5 requested more than OFFER_EXPIRY_DAYS (7) days before to 7, once, and tells the borrower', async () => {
    const sent = await requested();
    const taken = await requested();
    await decideLoan(t.deps, analyst, taken.loanId, { decision: 'take' });
    const approved = await requested();
    await decideLoan(t.deps, analyst, approved.loanId, { decision: 'approve' });
    const rejected = await requested();
    await decideLoan(t.deps, analyst, rejected.loanId, { decision: 'reject', reason: 'No califica.' });
    t.clock.set('2026-11-23T15:00:00Z');
    const fresh = await requested();
    t.clock.set(START);
    const ours = [sent, taken, approved, rejected, fresh].map((r) => r.loanId);

    // Requested on 22 November: 7 days old on the 29th, more than 7 on the 30th.
    expect((await expireStaleRequests(t.deps, '2026-11-29')).filter((id) => ours.includes(id))).toEqual([]);
    const expired = (await expireStaleRequests(t.deps, '2026-11-30')).filter((id) => ours.includes(id));
    expect(expired).toEqual([sent.loanId, taken.loanId, approved.loanId]);
    expect((await expireStaleRequests(t.deps, '2026-11-30')).filter((id) => ours.includes(id))).toEqual([]);

    expect((await loanRow(sent.loanId)).status).toBe(7);
    expect((await loanRow(rejected.loanId)).status).toBe(2);
    expect((await loanRow(fresh.loanId)).status).toBe(0);
    const [audit] = (await loanAudit(approved.loanId)).filter((a) => a.action === 'loan.expire');
    expect(audit).toMatchObject({ actorType: 'system', before: { status: 5 }, after: { status: 7 } });
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid: taken.sid }));
    expect((list.loans as Record<string, unknown>)[String(taken.loanId)]).toMatchObject({
      status: 7,
      debt: 0,
    });
    const notes = await expectOk(t.call('getNotification.php', { sid: sent.sid }));
    expect(JSON.stringify(notes)).toContain('Tu solicitud venció');
    // An expired request no longer blocks.
    await expectOk(postOffer(t, { sid: sent.sid, ...REQUEST }));
  });
});

describe('the catalogue', () => {
  it('a price-list change leaves a loan already requested as it was, and applies to the next', async () => {
    const before = await requested({ ...REQUEST, productId: 2, amount: 2000, period: 30 });
    const loanBefore = await loanRow(before.loanId);
    const invoiceBefore = await expectOk(t.call('getFactura.php', { sid: before.sid }));

    const product = (await listProducts(t.deps)).find((p) => p.id === 2)!;
    try {
      await updatePriceList(t.deps, admin, 2, {
        ...product.price,
        annualRateBp: 12_000,
        feeType: 'fixed',
        feeValue: 2_000,
      });
      expect(await loanRow(before.loanId)).toEqual(loanBefore);
      expect(await expectOk(t.call('getFactura.php', { sid: before.sid }))).toEqual(invoiceBefore);
      const list = await expectOk(t.call('getCustomerOfferList.php', { sid: before.sid }));
      expect((list.loans as Record<string, unknown>)[String(before.loanId)]).toMatchObject({ interest: 60 });

      const after = await requested({ ...REQUEST, productId: 2, amount: 2000, period: 30 });
      expect(await loanRow(after.loanId)).toMatchObject({
        annualRateBp: 12_000,
        feeType: 'fixed',
        feeValue: 2_000,
      });
      const [audit] = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'price_list.update'), eq(auditLog.entityId, '2')));
      expect(audit).toMatchObject({ before: { annualRateBp: 6000 }, after: { annualRateBp: 12_000 } });
    } finally {
      await updatePriceList(t.deps, admin, 2, product.price);
    }
  });

  it('refuses a price list that would offer no term, or with amounts out of order', async () => {
    const product = (await listProducts(t.deps)).find((p) => p.id === 1)!;
    await expect(
      updatePriceList(t.deps, admin, 1, { ...product.price, minDays: 8, maxDays: 13 }),
    ).rejects.toThrow(
      'Con estos plazos el producto no ofrecería ningún plazo: revisa los días mínimo y máximo.',
    );
    await expect(
      updatePriceList(t.deps, admin, 1, {
        ...product.price,
        minAmountCents: 400_000,
        maxAmountCents: 300_000,
      }),
    ).rejects.toThrow(UserError);
    expect((await listProducts(t.deps)).find((p) => p.id === 1)!.price).toEqual(product.price);
  });

  it('purposes: added, retired (then refused in a request), offered again', async () => {
    const purpose = await createPurpose(t.deps, admin, { title: '  Compra de motocicleta ' });
    expect(purpose).toMatchObject({ title: 'Compra de motocicleta', active: true, loans: 0 });
    await updatePurpose(t.deps, admin, purpose.id, { active: false });
    const borrower = await borrowerReadyToApply(t);
    const purposes = (await t.call('getPurposeList.php', { sid: borrower.sid })).json.payload as {
      id: number;
    }[];
    expect(purposes.map((p) => p.id)).not.toContain(purpose.id);
    await expectEr(
      postOffer(t, { sid: borrower.sid, ...REQUEST, purpose: purpose.id }),
      'Seleccione una opción.',
    );
    await updatePurpose(t.deps, admin, purpose.id, { active: true });
    await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST, purpose: purpose.id }));
  });
});

describe('the staff views', () => {
  it('listLoans filters by status and searches the borrower; getLoanFile shows the request, evidence, schedule and audit', async () => {
    const { loanId, borrowerId } = await requested();
    const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    const page = await listLoans(t.deps, { status: 0, q: undefined, page: 1, pageSize: 200 });
    expect(page.items.map((i) => i.id)).toContain(loanId);
    expect(page.items.every((i) => i.status === 0)).toBe(true);
    expect(page.total).toBe(page.counts['0']);
    const personCode = (await getLoanFile(t.deps, admin, loanId)).borrower.personCode;
    const found = await listLoans(t.deps, { q: personCode, page: 1, pageSize: 20 });
    expect(found.items.map((i) => i.id)).toEqual([loanId]);
    expect(found.items[0]).toMatchObject({ borrowerId, amountCents: 100_000, statusLabel: 'Enviado' });

    const file = await getLoanFile(t.deps, analyst, loanId);
    expect(file.loan).toMatchObject({
      id: loanId,
      status: 0,
      debtCents: 125_163,
      purpose: 'Capital de trabajo',
    });
    expect(file.terms).toMatchObject({ periodType: 'mensual', annualRateBp: 6000 });
    expect(file.quote).toMatchObject({
      totalCents: 125_163,
      annualCostPercent: 302.2,
      startDate: '2026-11-22',
    });
    expect(file.request).toMatchObject({ city: 'Tegucigalpa', ip: row!.requestIp });
    expect(file.profileState).toBe('aprobado');
    expect(file.documents.map((d) => [d.kind, d.intact])).toEqual([
      ['contract', true],
      ['promissory_note', true],
    ]);
    expect(file.audit?.map((a) => a.action)).toEqual(['loan.request']);
    expect(file.instalments).toEqual([]);
    // A cashier reads the file without the audit trail.
    expect((await getLoanFile(t.deps, cashier, loanId)).audit).toBeNull();
  });
});
