import { loanMessages } from '@prestamos-hn/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '../src/db/schema/index.ts';
import { decideReceipt } from '../src/services/payments/cashier-desk.ts';
import { reverseReceipt } from '../src/services/payments/receipt-reversal.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import {
  borrowerWithDisbursedLoan,
  paymentStaff,
  photoOf,
  postReceipt,
  sendFirstReceipt,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 35, points 2 and 5, over HTTP: getFacturaPre.php (the cost before sending, equal to what
// postOffer.php stores) and getLoanPayments.php (the receipts with their state, the money applied
// with what it covered), each for the caller's own loan only.

/** 09:00 in Tegucigalpa on a Tuesday: inside the receipt and application hours. */
const NOW = '2026-12-01T15:00:00Z';

let t: TestApp;
let staff: Staff;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  staff = await paymentStaff(t);
});
afterAll(() => t.close());

describe('getFacturaPre.php', () => {
  it('answers the quote postOffer.php then stores, with its annual cost', async () => {
    const borrower = await borrowerReadyToApply(t);
    const { amount, period, productId } = REQUEST;
    const preview = await expectOk(
      t.call('getFacturaPre.php', { sid: borrower.sid, amount, period, productId }),
    );
    expect(preview).toEqual({
      cantidadSolicitada: 1000,
      intereses: 101.63,
      gastosAdministrativos: 150,
      totalAPagar: 1251.63,
      pagosARealizar: 3,
      pagos: [
        { fechaDePago: '2026-12-31', cantidad: 417.21 },
        { fechaDePago: '2027-01-30', cantidad: 417.21 },
        { fechaDePago: '2027-03-01', cantidad: 417.21 },
      ],
      costoAnualTotal: expect.any(Number),
    });
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
      container_id: number;
    };
    const { costoAnualTotal, ...invoice } = preview;
    expect(await expectOk(t.call('getFactura.php', { sid: borrower.sid }))).toEqual(invoice);
    const [stored] = await t.deps.db
      .select({ annualCostPercent: loans.annualCostPercent })
      .from(loans)
      .where(eq(loans.id, loanId));
    expect(Number(stored!.annualCostPercent)).toBe(costoAnualTotal);
  });

  it("refuses an amount or term outside the product's price list with the SPEC's message, and an unknown product", async () => {
    const borrower = await borrowerReadyToApply(t);
    const { json } = await t.call('getFacturaPre.php', {
      sid: borrower.sid,
      amount: 1005,
      period: 90,
      productId: 3,
    });
    expect(json.status).toBe('ER');
    expect((json.payload as { message: string }).message).toMatch(/multiplo de 10/);
    await expectEr(
      t.call('getFacturaPre.php', { sid: borrower.sid, amount: 1000, period: 90, productId: 999 }),
      loanMessages.productNotAllowed,
    );
  });
});

describe('getLoanPayments.php', () => {
  it('lists the receipts newest first in the state the borrower reads, and the money applied with what it covered', async () => {
    const borrower = await borrowerWithDisbursedLoan(t, staff);
    const paid = await sendFirstReceipt(t, borrower, 'DEP-100');
    await validateReceipt(t, staff, paid, { amount: '417.21' });
    const second = borrower.instalmentIds[1]!;
    const send = async (reference: string, amount: string) =>
      (
        await expectOk(
          postReceipt(t, borrower.sid, { containerId: borrower.loanId, idpago: second, amount, reference }),
        )
      ).receipt_id as number;
    const rejected = await send('DEP-200', '417.21');
    await decideReceipt(t.deps, staff.cashier, rejected, {
      decision: 'reject',
      reason: 'La foto está borrosa.',
      photoSha256: await photoOf(t, rejected),
    });
    // A validation for another amount waits for a second person: to the borrower it is still waiting.
    const waiting = await send('DEP-300', '417.21');
    await decideReceipt(t.deps, staff.cashier, waiting, {
      decision: 'validate',
      amount: '400.00',
      photoSha256: await photoOf(t, waiting),
    });
    const pending = await send('DEP-400', '100');

    const answer = await expectOk(
      t.call('getLoanPayments.php', { sid: borrower.sid, ContainerId: borrower.loanId }),
    );
    expect(answer.receipts).toEqual(
      [
        [pending, 'DEP-400', 100, 'pending', null, null],
        [waiting, 'DEP-300', 417.21, 'pending', null, null],
        [rejected, 'DEP-200', 417.21, 'rejected', null, 'La foto está borrosa.'],
        [paid, 'DEP-100', 417.21, 'validated', 417.21, null],
      ].map(([id, reference, amount, state, credited, reason]) => ({
        id,
        sent_at: '2026-12-01T15:00:00.000Z',
        reference,
        amount,
        state,
        credited,
        reason,
      })),
    );
    expect(answer.payments).toEqual([
      {
        id: expect.any(Number),
        date: '2026-12-01',
        amount: 417.21,
        reversed: false,
        instalments: [
          { position: 1, late_fee: 0, penalty: 0, interest: 50, administrator_fee: 50, principal: 317.21 },
        ],
      },
    ]);
  });

  it('a reversed receipt says so with the reason, and the payment it made is marked undone', async () => {
    const borrower = await borrowerWithDisbursedLoan(t, staff);
    const receiptId = await sendFirstReceipt(t, borrower, 'DEP-500');
    await validateReceipt(t, staff, receiptId, { amount: '417.21' });
    await reverseReceipt(t.deps, staff.supervisor, receiptId, { reason: 'El banco devolvió el depósito.' });
    const answer = await expectOk(
      t.call('getLoanPayments.php', { sid: borrower.sid, ContainerId: borrower.loanId }),
    );
    expect(answer.receipts).toMatchObject([
      { id: receiptId, state: 'reversed', credited: 417.21, reason: 'El banco devolvió el depósito.' },
    ]);
    expect(answer.payments).toMatchObject([{ amount: 417.21, reversed: true }]);
  });

  it("refuses another borrower's loan, an unknown one and an id that is no id, as the other calls do", async () => {
    const owner = await borrowerWithDisbursedLoan(t, staff);
    const other = await borrowerReadyToApply(t);
    for (const ContainerId of [owner.loanId, 99_999_999, 'abc']) {
      await expectEr(
        t.call('getLoanPayments.php', { sid: other.sid, ContainerId }),
        loanMessages.loanNotFound,
      );
    }
  });

  it('answers empty lists for a loan with no receipt yet', async () => {
    const borrower = await borrowerReadyToApply(t);
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
      container_id: number;
    };
    expect(await expectOk(t.call('getLoanPayments.php', { sid: borrower.sid, ContainerId: loanId }))).toEqual(
      {
        receipts: [],
        payments: [],
      },
    );
  });
});
