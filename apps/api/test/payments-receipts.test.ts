import { paymentMessages, transportMessages, loanMessages } from '@prestamos-hn/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, receiptForwards, receipts } from '../src/db/schema/index.ts';
import { decideReceipt } from '../src/services/payments/cashier-desk.ts';
import { isUniqueViolation } from '../src/services/shared/unique-violation.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import {
  borrowerWithDisbursedLoan,
  depositPhoto,
  paymentStaff,
  photoOf,
  postReceipt,
  receiptsOf,
  sessionNow,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { expectEr, expectOk, images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let staff: Staff;
// 09:00 in Tegucigalpa.
const START = '2026-11-22T15:00:00Z';

beforeAll(async () => {
  // Small enough to test the size limit with a few kilobytes.
  t = await createTestApp({ now: START, env: { UPLOAD_MAX_BYTES: '4096' } });
  staff = await paymentStaff(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const photo = (data: Buffer = images.jpeg) => [
  { field: 'DOC', data, filename: 'deposito.jpg', contentType: 'image/jpeg' },
];
const stored = async (key: string) => t.deps.integrations.fileStorage.get(key);
/** A receipt of L 100.00 for this loan and instalment, where only which ones and the reference matter. */
const sendReceipt = (sid: string, containerId: number, idpago: number | string, reference: string) =>
  postReceipt(t, sid, { containerId, idpago, amount: '100', reference });

describe('send_recipemail.php', () => {
  it('stores the receipt against the first unpaid instalment, queues it for the partner, audits it', async () => {
    const { sid, loanId, borrowerId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    const payload = await expectOk(
      postReceipt(t, sid, {
        containerId: loanId,
        idpago: instalmentIds[0]!,
        amount: '417.21',
        reference: ' BAC 12 34\t56 ',
      }),
    );
    expect(payload).toEqual({
      message: '¡Comprobante enviado con éxito!',
      receipt_id: expect.any(Number),
      photo_replaced: false,
    });

    const [receipt] = await receiptsOf(t, loanId);
    expect(receipt).toMatchObject({
      id: payload.receipt_id,
      borrowerId,
      instalmentId: instalmentIds[0],
      reference: 'BAC123456',
      declaredAmountCents: 41_721,
      state: 'pending',
      contentType: 'image/jpeg',
      photoVersion: 1,
    });
    expect(receipt!.storageKey).toMatch(new RegExp(`^receipts/${borrowerId}/[0-9a-f]{32}$`));
    expect((await stored(receipt!.storageKey))?.data).toEqual(depositPhoto(loanId, ' BAC 12 34\t56 '));
    const forwards = await t.deps.db
      .select()
      .from(receiptForwards)
      .where(eq(receiptForwards.receiptId, receipt!.id));
    expect(forwards).toMatchObject([
      { status: 'pending', idempotencyKey: `comprobante-${receipt!.id}`, attempts: 0 },
    ]);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'receipt'), eq(auditLog.entityId, String(receipt!.id))));
    expect(audit).toMatchObject([
      { action: 'receipt.send', actorType: 'borrower', actorId: String(borrowerId) },
    ]);
  });

  it('a duplicate reference: getPagosReference answers "existe", and the database allows one row', async () => {
    const { sid, loanId, borrowerId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    const check = (reference: string, containerId: number | string = loanId) =>
      expectOk(t.call('getPagosReference.php', { sid, containerId, reference }));
    expect(await check('REF-777')).toBe('no existe');
    await expectOk(sendReceipt(sid, loanId, instalmentIds[0]!, 'REF-777'));
    expect(await check('REF-777')).toBe('existe');
    expect(await check(' REF -7 77 ')).toBe('existe');
    expect(await check('REF-778')).toBe('no existe');
    expect(await check('REF-777', String(loanId))).toBe('existe');
    await expectEr(
      t.call('getPagosReference.php', { sid, containerId: loanId, reference: '  ' }),
      'Campo obligatorio',
    );

    // The constraint itself: a second row for the same customer, loan and reference is refused.
    const [row] = await receiptsOf(t, loanId);
    const { id: _id, ...copy } = row!;
    const error = await t.deps.db
      .insert(receipts)
      .values({ ...copy, storageKey: `receipts/${borrowerId}/otra` })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(await receiptsOf(t, loanId)).toHaveLength(1);
  });

  it('the same receipt sent twice at once (double tap) stores one receipt and one forward', async () => {
    const { sid, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    const fields = { containerId: loanId, idpago: instalmentIds[0]!, amount: '417.21', reference: 'DOBLE-1' };
    const answers = await Promise.all([
      postReceipt(t, sid, fields),
      postReceipt(t, sid, fields),
      postReceipt(t, sid, fields),
    ]);
    for (const answer of answers) expect(answer.json.status, JSON.stringify(answer.json)).toBe('OK');
    const rows = await receiptsOf(t, loanId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.photoVersion).toBe(1);
    expect(new Set(answers.map((a) => (a.json.payload as { receipt_id: number }).receipt_id))).toEqual(
      new Set([rows[0]!.id]),
    );
    expect(
      await t.deps.db.select().from(receiptForwards).where(eq(receiptForwards.receiptId, rows[0]!.id)),
    ).toHaveLength(1);
  });

  it('a resend of a pending receipt replaces its photo and amount; once decided, a resend is refused', async () => {
    const { sid, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    const fields = { containerId: loanId, idpago: instalmentIds[0]!, amount: '417.21', reference: 'FOTO-1' };
    await expectOk(postReceipt(t, sid, fields));
    const [first] = await receiptsOf(t, loanId);
    t.clock.advance(60_000);
    const again = await expectOk(postReceipt(t, sid, { ...fields, amount: '420' }, photo(images.png)));
    expect(again).toMatchObject({
      receipt_id: first!.id,
      photo_replaced: true,
      message: paymentMessages.receiptSent,
    });
    const [second] = await receiptsOf(t, loanId);
    expect(second).toMatchObject({ photoVersion: 2, contentType: 'image/png', declaredAmountCents: 42_000 });
    expect(second!.photoUpdatedAt.getTime()).toBe(first!.sentAt.getTime() + 60_000);
    expect(second!.sentAt).toEqual(first!.sentAt);
    expect(await stored(first!.storageKey)).toBeNull();
    expect((await stored(second!.storageKey))?.data).toEqual(images.png);

    await decideReceipt(t.deps, staff.cashier, first!.id, {
      decision: 'reject',
      reason: 'La foto no se lee.',
      photoSha256: await photoOf(t, first!.id),
    });
    await expectEr(postReceipt(t, sid, fields, photo(images.webp)), paymentMessages.alreadyReviewed);
    const [after] = await receiptsOf(t, loanId);
    expect(after).toMatchObject({ photoVersion: 2, state: 'rejected', storageKey: second!.storageKey });
  });

  it("refuses another borrower's loan, and their reference check, as an unknown loan", async () => {
    const owner = await borrowerWithDisbursedLoan(t, staff);
    const other = await borrowerWithDisbursedLoan(t, staff);
    const otherSends = (containerId: number, idpago: number) =>
      sendReceipt(other.sid, containerId, idpago, 'AJENO');
    await expectEr(otherSends(owner.loanId, owner.instalmentIds[0]!), loanMessages.loanNotFound);
    await expectEr(otherSends(owner.loanId, other.instalmentIds[0]!), loanMessages.loanNotFound);
    await expectEr(
      t.call('getPagosReference.php', { sid: other.sid, containerId: owner.loanId, reference: 'AJENO' }),
      loanMessages.loanNotFound,
    );
    // Nor against someone else's instalment on one's own loan.
    await expectEr(otherSends(other.loanId, owner.instalmentIds[0]!), paymentMessages.notNextInstalment);
    expect(await receiptsOf(t, owner.loanId)).toHaveLength(0);
    expect(await receiptsOf(t, other.loanId)).toHaveLength(0);
  });

  it('is open from 00:00 to 19:59 Tegucigalpa time, refused from 20:00', async () => {
    const { borrowerId, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    const sendAt = async (at: string, reference: string) => {
      t.clock.set(at);
      return sendReceipt(await sessionNow(t, borrowerId), loanId, instalmentIds[0]!, reference);
    };
    await expectEr(sendAt('2026-11-23T02:00:00Z', 'NOCHE-1'), paymentMessages.outsideHoursRefusal); // 20:00
    await expectEr(sendAt('2026-11-23T05:59:59Z', 'NOCHE-2'), paymentMessages.outsideHoursRefusal); // 23:59:59
    expect(await receiptsOf(t, loanId)).toHaveLength(0);
    await expectOk(sendAt('2026-11-23T06:00:00Z', 'MADRUGADA')); // 00:00 the next day
    await expectOk(sendAt('2026-11-23T01:59:59Z', 'TARDE')); // 19:59:59
    expect((await receiptsOf(t, loanId)).map((r) => r.reference)).toEqual(['MADRUGADA', 'TARDE']);
  });

  it('only against the first unpaid instalment of a loan being paid', async () => {
    const { sid, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    await expectEr(sendReceipt(sid, loanId, instalmentIds[1]!, 'SEGUNDA'), paymentMessages.notNextInstalment);
    await expectEr(sendReceipt(sid, loanId, 'uno', 'SEGUNDA'), paymentMessages.notNextInstalment);
    // A request not yet disbursed has nothing to pay.
    const applicant = await borrowerReadyToApply(t);
    const { container_id } = (await expectOk(postOffer(t, { sid: applicant.sid, ...REQUEST }))) as {
      container_id: number;
    };
    await expectEr(sendReceipt(applicant.sid, container_id, 1, 'ANTES'), paymentMessages.loanNotPayable);
  });

  it.each<[string, Parameters<typeof postReceipt>[3] | undefined, Record<string, string>, string]>([
    ['no photo', [], {}, paymentMessages.noFile],
    [
      'a PDF',
      [{ field: 'DOC', data: images.pdf, filename: 'a.jpg', contentType: 'image/jpeg' }],
      {},
      paymentMessages.notAnImage,
    ],
    [
      'HTML named .png',
      [{ field: 'DOC', data: images.html, filename: 'a.png' }],
      {},
      paymentMessages.notAnImage,
    ],
    ['another field', [{ field: 'file1', data: images.png }], {}, paymentMessages.oneFileOnly],
    [
      'a photo over the limit',
      photo(Buffer.concat([images.jpeg, Buffer.alloc(5000)])),
      {},
      transportMessages.fileTooLarge,
    ],
    ['an empty reference', undefined, { reference: ' \t ' }, 'Campo obligatorio'],
    ['no amount', undefined, { amount: '' }, 'Campo obligatorio'],
    ['a zero amount', undefined, { amount: '0' }, 'Campo obligatorio'],
    // Issue 35 point 7 (docs/ux.md): an amount that is not a number says so.
    ['an amount in words', undefined, { amount: 'mil' }, 'Escribe solo números'],
    ['an amount too large', undefined, { amount: '1000000.01' }, paymentMessages.amountTooLarge],
    ['a reference too long', undefined, { reference: 'R'.repeat(41) }, paymentMessages.referenceTooLong],
  ])('refuses %s with its message and stores nothing', async (_name, files, override, message) => {
    const { sid, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    await expectEr(
      postReceipt(
        t,
        sid,
        { containerId: loanId, idpago: instalmentIds[0]!, amount: '100', reference: 'MALO', ...override },
        files,
      ),
      message,
    );
    expect(await receiptsOf(t, loanId)).toHaveLength(0);
  });

  it('a JSON body without the photo is refused', async () => {
    const { sid, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    await expectEr(
      t.call('send_recipemail.php', {
        sid,
        containerId: loanId,
        idpago: instalmentIds[0],
        amount: '100',
        reference: 'X1',
      }),
      paymentMessages.noFile,
    );
  });
});

describe('getWalletInfo.php', () => {
  it("answers the ledger's unapplied balance: per loan with ContainerId, and over the caller's loans", async () => {
    const { borrowerId, loanId, instalmentIds, ...first } = await borrowerWithDisbursedLoan(t, staff);
    const other = await borrowerWithDisbursedLoan(t, staff);
    await expectOk(
      postReceipt(t, first.sid, {
        containerId: loanId,
        idpago: instalmentIds[0]!,
        amount: '500',
        reference: 'NOCHE',
      }),
    );
    const [receipt] = await receiptsOf(t, loanId);
    // Validated at 21:00: the money waits in the wallet for the next day's run.
    t.clock.set('2026-11-23T03:00:00Z');
    // L 1,234.50 for L 500.00 declared: confirmed by a supervisor (issue 31), after hours too.
    await validateReceipt(t, staff, receipt!.id, { amount: '1234.50' });
    const sid = await sessionNow(t, borrowerId);
    other.sid = await sessionNow(t, other.borrowerId);

    const balance = { data: { amount_wallet_balance: 1234.5 } };
    expect(await expectOk(t.call('getWalletInfo.php', { sid }))).toEqual(balance);
    expect(await expectOk(t.call('getWalletInfo.php', { sid, ContainerId: loanId }))).toEqual(balance);
    expect(await expectOk(t.call('getWalletInfo.php', { sid, ContainerId: String(loanId) }))).toEqual(
      balance,
    );
    expect(await expectOk(t.call('getWalletInfo.php', { sid: other.sid }))).toEqual({
      data: { amount_wallet_balance: 0 },
    });
    await expectEr(
      t.call('getWalletInfo.php', { sid: other.sid, ContainerId: loanId }),
      loanMessages.loanNotFound,
    );
  });
});
