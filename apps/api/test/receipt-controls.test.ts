import { paymentMessages } from '@prestamos-hn/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, notifications, receipts, walletEntries } from '../src/db/schema/index.ts';
import {
  deskBrowsers,
  expectError,
  staffWithRole,
  type DeskBrowsers,
  type StaffBrowser,
} from './support/backoffice.ts';
import { expectEr, expectOk } from './support/profile.ts';
import {
  borrowerWithDisbursedLoan,
  depositPhoto,
  INSTALMENT_CENTS,
  paymentStaff,
  postReceipt,
  scheduleOf,
  TOTAL_CENTS,
  type Staff,
} from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 31 points 2 and 3 over the staff API: possible duplicates (the same canonical reference at
// the bank, the same photo), one deposit validated once, the second pair of eyes ('Por aprobar',
// POST /receipts/:id/approval) and the photo the staff member saw.

let t: TestApp;
let staff: Staff;
let browsers: DeskBrowsers;
/** Two supervisors (receipts.approve): one proposes, the other confirms. */
let supervisor: StaffBrowser;
let supervisor2: StaffBrowser;
let supervisorId: number;
// 09:00 in Tegucigalpa: inside the payment hours.
const START = '2026-11-22T15:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: START });
  staff = await paymentStaff(t);
  browsers = await deskBrowsers(t);
  const first = await staffWithRole(t, 'supervisor');
  supervisor = first.browser;
  supervisorId = first.id;
  supervisor2 = (await staffWithRole(t, 'supervisor')).browser;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const OWN_VALIDATION = 'No puedes aprobar tu propia validación: otra persona debe confirmarla.';
const PHOTO_CHANGED =
  'La foto del comprobante cambió mientras la revisabas: vuelve a abrirla antes de decidir.';
const alreadyValidated = (id: number) =>
  `Ya se validó un depósito con esta referencia en el mismo banco (comprobante #${id}): el mismo depósito no se acredita dos veces. Rechaza este comprobante con un motivo para el cliente.`;

interface Detail {
  id: number;
  state: string;
  stateLabel: string;
  photoSha256: string;
  receivedAmountCents: number | null;
  valueDate: string | null;
  decidedByStaffId: number | null;
  approvalReasons: { code: string; label: string }[];
  approvedBy: string | null;
  returned: { reason: string; by: string; at: string } | null;
  duplicates: { id: number; state: string; sameReference: boolean; samePhoto: boolean }[];
}

type Borrower = Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;

/** The borrower sends a receipt for their first instalment; its id. */
async function send(b: Borrower, reference: string, amount = '417.21', photo?: Buffer) {
  const fields = { containerId: b.loanId, idpago: b.instalmentIds[0]!, amount, reference };
  const files = photo && [{ field: 'DOC', data: photo, filename: 'deposito.jpg', contentType: 'image/jpeg' }];
  const sent = await expectOk(postReceipt(t, b.sid, fields, files));
  return sent.receipt_id as number;
}

const detail = async (browser: StaffBrowser, id: number) => {
  const res = await browser.get(`/receipts/${id}`);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as Detail;
};

/** A staff member opens the receipt (its photo's hash) and validates it. */
async function validate(
  browser: StaffBrowser,
  id: number,
  amount: string,
  extra: Record<string, unknown> = {},
) {
  const { photoSha256 } = await detail(browser, id);
  return browser.post(`/receipts/${id}/decision`, { decision: 'validate', amount, photoSha256, ...extra });
}

async function answer(browser: StaffBrowser, id: number, body: Record<string, unknown>) {
  const { photoSha256 } = await detail(browser, id);
  return browser.post(`/receipts/${id}/approval`, { photoSha256, ...body });
}

const creditsOf = async (receiptIds: number[]) =>
  t.deps.db
    .select()
    .from(walletEntries)
    .where(and(inArray(walletEntries.receiptId, receiptIds), eq(walletEntries.kind, 'credit')));
const rowOf = async (id: number) => (await t.deps.db.select().from(receipts).where(eq(receipts.id, id)))[0]!;

describe('duplicates (point 2)', () => {
  it('778899 and 778899. with one photo: both flagged; a cashier validates neither alone; one deposit is validated once', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const photo = depositPhoto(b.loanId, 'el mismo depósito');
    const first = await send(b, '778899', '417.21', photo);
    const second = await send(b, '778899.', '417.21', photo);

    // The list and the receipt both show which other receipt may be the same deposit, and why.
    const list = await browsers.cashier.get('/receipts?state=pending&pageSize=100');
    const items = new Map((list.json.items as Detail[]).map((i) => [i.id, i]));
    expect(items.get(first)?.duplicates).toMatchObject([
      { id: second, state: 'pending', sameReference: true, samePhoto: true },
    ]);
    expect(items.get(second)?.duplicates).toMatchObject([
      { id: first, state: 'pending', sameReference: true, samePhoto: true },
    ]);
    const shown = await detail(browsers.cashier, second);
    expect(shown.duplicates).toEqual([
      {
        id: first,
        borrowerId: b.borrowerId,
        borrowerName: 'PRUEBA PERSONA',
        loanId: b.loanId,
        state: 'pending',
        stateLabel: 'Pendiente',
        sameReference: true,
        samePhoto: true,
      },
    ]);
    expect(await rowOf(second)).toMatchObject({ canonicalReference: '778899', bankCode: 2 });

    // A cashier's validation of a possible duplicate waits for a supervisor; no money moves.
    const waits = await validate(browsers.cashier, first, '417.21');
    expect(waits.statusCode, JSON.stringify(waits.json)).toBe(200);
    expect(waits.json).toMatchObject({
      state: 'awaiting_approval',
      stateLabel: 'Por aprobar',
      receivedAmountCents: INSTALMENT_CENTS,
      valueDate: '2026-11-22',
      approvalReasons: [{ code: 'duplicate', label: 'Posible duplicado' }],
      appliesLater: false,
      application: null,
    });
    const alsoWaits = await validate(browsers.cashier2, second, '417.21');
    expect(alsoWaits.json).toMatchObject({ state: 'awaiting_approval' });
    expect(await creditsOf([first, second])).toEqual([]);
    const awaiting = await browsers.cashier.get('/receipts?state=awaiting_approval&pageSize=100');
    expect((awaiting.json.items as Detail[]).map((i) => i.id)).toEqual(
      expect.arrayContaining([first, second]),
    );

    // The supervisor confirms the first: validated, credited once, applied.
    const confirmed = await answer(supervisor, first, { decision: 'confirm' });
    expect(confirmed.statusCode, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json).toMatchObject({
      state: 'validated',
      approvalReasons: [{ code: 'duplicate' }],
      application: { appliedCents: INSTALMENT_CENTS },
    });
    // The second is the same deposit: refused for everyone (409), whoever confirms it.
    expectError(await answer(supervisor, second, { decision: 'confirm' }), 409, alreadyValidated(first));
    expect((await rowOf(second)).state).toBe('awaiting_approval');
    expect((await creditsOf([first, second])).map((c) => [c.receiptId, c.amountCents])).toEqual([
      [first, INSTALMENT_CENTS],
    ]);
    // Sent back, the cashier rejects it with a reason the borrower reads.
    expect(
      (await answer(supervisor, second, { decision: 'return', reason: 'Es el mismo depósito que #' + first }))
        .statusCode,
    ).toBe(200);
    const rejected = await browsers.cashier.post(`/receipts/${second}/decision`, {
      decision: 'reject',
      reason: 'Este depósito ya se aplicó.',
      photoSha256: (await detail(browsers.cashier, second)).photoSha256,
    });
    expect(rejected.statusCode, JSON.stringify(rejected.json)).toBe(200);

    // Another borrower's '0778899' at the same bank: refused for a supervisor too.
    const other = await borrowerWithDisbursedLoan(t, staff);
    const third = await send(other, '0778899');
    expect((await detail(supervisor, third)).duplicates).toMatchObject([
      { id: first, state: 'validated', sameReference: true, samePhoto: false },
    ]);
    expectError(await validate(supervisor, third, '417.21'), 409, alreadyValidated(first));
    expect((await rowOf(third)).state).toBe('pending');

    // The unique index holds it even past the service.
    const error = await t.deps.db
      .update(receipts)
      .set({
        state: 'validated',
        receivedAmountCents: INSTALMENT_CENTS,
        valueDate: '2026-11-22',
        decidedByStaffId: staff.cashier.id,
        decidedAt: new Date(),
      })
      .where(eq(receipts.id, third))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String((error as { cause?: { message?: string } })?.cause?.message ?? error)).toMatch(
      /receipts_validated_reference_key/,
    );
  });

  it('a rejected receipt is no duplicate; a supervisor validates a possible duplicate alone', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const photo = depositPhoto(b.loanId, 'una foto');
    const rejected = await send(b, 'FOTO-A', '417.21', photo);
    const { photoSha256 } = await detail(browsers.cashier, rejected);
    await browsers.cashier.post(`/receipts/${rejected}/decision`, {
      decision: 'reject',
      reason: 'Borrosa.',
      photoSha256,
    });
    const resent = await send(b, 'FOTO-B', '417.21', photo);
    expect((await detail(browsers.cashier, resent)).duplicates).toEqual([]);

    const other = await borrowerWithDisbursedLoan(t, staff);
    const same = await send(other, 'FOTO-C', '417.21', photo);
    expect((await detail(browsers.cashier, same)).duplicates).toMatchObject([
      { id: resent, sameReference: false, samePhoto: true },
    ]);
    // The supervisor holds receipts.approve: a possible duplicate alone does not wait.
    const direct = await validate(supervisor, same, '417.21');
    expect(direct.json).toMatchObject({ state: 'validated', approvalReasons: [] });
    // The admin too (every permission).
    const byAdmin = await validate(browsers.admin, resent, '417.21');
    expect(byAdmin.json).toMatchObject({ state: 'validated' });
  });

  it('the intake refuses a reference with no letter or digit, keeping the legacy messages', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const fields = { containerId: b.loanId, idpago: b.instalmentIds[0]!, amount: '417.21', reference: '.-/' };
    await expectEr(postReceipt(t, b.sid, fields), paymentMessages.referenceWithoutDigits);
    await expectEr(
      t.call('getPagosReference.php', { sid: b.sid, containerId: b.loanId, reference: ' - ' }),
      paymentMessages.referenceWithoutDigits,
    );
    await expectEr(
      t.call('getPagosReference.php', { sid: b.sid, containerId: b.loanId, reference: '  ' }),
      'Campo obligatorio',
    );
    expect(await t.deps.db.select().from(receipts).where(eq(receipts.loanId, b.loanId))).toEqual([]);
  });
});

describe('the second pair of eyes (point 3)', () => {
  it('an over-declared validation waits; its maker cannot confirm it; another supervisor does and the money is credited once', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const id = await send(b, 'SOBRE-1', '417.21');
    const notesBefore = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.borrowerId, b.borrowerId));

    // A supervisor validates L 450.00 for L 417.21 declared: maker-checker, it waits for another person.
    const proposed = await validate(supervisor, id, '450.00');
    expect(proposed.statusCode, JSON.stringify(proposed.json)).toBe(200);
    expect(proposed.json).toMatchObject({
      state: 'awaiting_approval',
      receivedAmountCents: 45_000,
      approvalReasons: [{ code: 'amount_differs', label: 'El monto recibido difiere del declarado' }],
      application: null,
    });
    expect(await creditsOf([id])).toEqual([]);
    // The borrower sees nothing new: no notice, and a resend reads as still under review.
    expect(
      await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, b.borrowerId)),
    ).toHaveLength(notesBefore.length);
    await expectEr(
      postReceipt(t, b.sid, {
        containerId: b.loanId,
        idpago: b.instalmentIds[0]!,
        amount: '450',
        reference: 'SOBRE-1',
      }),
      paymentMessages.inReview,
    );
    const waiting = await detail(browsers.cashier, id);
    expect(waiting).toMatchObject({ state: 'awaiting_approval', decidedByStaffId: supervisorId });

    // The maker cannot confirm it (403), a cashier has no receipts.approve (403), nor a decision again (409).
    expectError(await answer(supervisor, id, { decision: 'confirm' }), 403, OWN_VALIDATION);
    expectError(await answer(browsers.cashier, id, { decision: 'confirm' }), 403);
    expectError(
      await validate(browsers.cashier, id, '450.00'),
      409,
      'Otro cajero ya decidió sobre este comprobante.',
    );
    // The database's check holds it too.
    await expect(
      t.deps.db
        .update(receipts)
        .set({ state: 'validated', approvedByStaffId: supervisorId, approvedAt: new Date() })
        .where(eq(receipts.id, id)),
    ).rejects.toThrow();

    const confirmed = await answer(supervisor2, id, { decision: 'confirm' });
    expect(confirmed.statusCode, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json).toMatchObject({
      state: 'validated',
      receivedAmountCents: 45_000,
      valueDate: '2026-11-22',
      approvedBy: expect.any(String),
      appliesLater: false,
      application: { appliedCents: 45_000, remainingDebtCents: TOTAL_CENTS - 45_000 },
    });
    expect((await creditsOf([id])).map((c) => c.amountCents)).toEqual([45_000]);
    expect((await scheduleOf(t, b.loanId)).map((i) => i.status)).toEqual([1, 5, 2]);
    expectError(
      await answer(supervisor2, id, { decision: 'confirm' }),
      409,
      'Este comprobante ya no espera aprobación: otra persona ya respondió.',
    );
    expect((await creditsOf([id])).length).toBe(1);

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'receipt'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action).filter((a) => a !== 'receipt.view')).toEqual([
      'receipt.send',
      'receipt.submit_for_approval',
      'receipt.approve',
    ]);
    expect(audit.find((a) => a.action === 'receipt.submit_for_approval')).toMatchObject({
      actorId: String(supervisorId),
      after: { state: 'awaiting_approval', approvalReasons: ['amount_differs'], receivedAmountCents: 45_000 },
    });
  });

  it('above the payoff and above RECEIPT_SECOND_APPROVAL_CENTS: both reasons; returned, the cashier reads why and validates again', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const id = await send(b, 'GRANDE-1', '6000.00');
    const proposed = await validate(browsers.cashier, id, '6000.00');
    expect(proposed.json).toMatchObject({
      state: 'awaiting_approval',
      approvalReasons: [
        { code: 'above_payoff', label: 'Supera lo necesario para liquidar el préstamo' },
        { code: 'above_threshold', label: 'Supera L 5,000.00' },
      ],
    });

    // A supervisor sends it back with a reason the cashier reads: pending again, nothing proposed.
    expectError(
      await answer(supervisor, id, { decision: 'return', reason: '   ' }),
      400,
      'Escribe por qué devuelves la validación: el cajero lo leerá.',
    );
    const returned = await answer(supervisor, id, {
      decision: 'return',
      reason: 'El banco muestra L 417.21.',
    });
    expect(returned.statusCode, JSON.stringify(returned.json)).toBe(200);
    expect(returned.json).toMatchObject({ state: 'pending', receivedAmountCents: null, application: null });
    const shown = await detail(browsers.cashier, id);
    expect(shown).toMatchObject({
      state: 'pending',
      receivedAmountCents: null,
      valueDate: null,
      decidedByStaffId: null,
      returned: { reason: 'El banco muestra L 417.21.', by: expect.any(String) },
    });
    expect(await creditsOf([id])).toEqual([]);

    // The cashier validates what the bank shows: it still differs from the declared amount, so it waits.
    const again = await validate(browsers.cashier, id, '417.21');
    expect(again.json).toMatchObject({
      state: 'awaiting_approval',
      approvalReasons: [{ code: 'amount_differs' }],
    });
    const confirmed = await answer(supervisor, id, { decision: 'confirm' });
    expect(confirmed.json).toMatchObject({
      state: 'validated',
      application: { appliedCents: INSTALMENT_CENTS },
    });
  });

  it('the threshold is a setting', async () => {
    const low = await createTestApp({ now: START, env: { RECEIPT_SECOND_APPROVAL_CENTS: '40000' } });
    try {
      expect(low.deps.config.receipts.secondApprovalCents).toBe(40_000);
      const lowStaff = await paymentStaff(low);
      const b = await borrowerWithDisbursedLoan(low, lowStaff);
      const sent = await expectOk(
        postReceipt(low, b.sid, {
          containerId: b.loanId,
          idpago: b.instalmentIds[0]!,
          amount: '417.21',
          reference: 'UMBRAL',
        }),
      );
      const cashier = (await staffWithRole(low, 'cashier')).browser;
      const { photoSha256 } = (await cashier.get(`/receipts/${sent.receipt_id as number}`))
        .json as unknown as Detail;
      const res = await cashier.post(`/receipts/${sent.receipt_id as number}/decision`, {
        decision: 'validate',
        amount: '417.21',
        photoSha256,
      });
      expect(res.json).toMatchObject({
        state: 'awaiting_approval',
        approvalReasons: [{ code: 'above_threshold', label: 'Supera L 400.00' }],
      });
    } finally {
      await low.close();
    }
  });
});

describe('the photo the staff member saw (point 3)', () => {
  it('a photo replaced while the cashier looked refuses the validation and the rejection (409); the current one is decided', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const id = await send(b, 'CAMBIA-1', '417.21', depositPhoto(b.loanId, 'primera'));
    const seen = (await detail(browsers.cashier, id)).photoSha256;
    expect(seen).toBe((await rowOf(id)).photoSha256);
    // The borrower re-sends the same reference with another photo.
    await send(b, 'CAMBIA-1', '417.21', depositPhoto(b.loanId, 'segunda'));
    const path = `/receipts/${id}/decision`;
    expectError(
      await browsers.cashier.post(path, { decision: 'validate', amount: '417.21', photoSha256: seen }),
      409,
      PHOTO_CHANGED,
    );
    expectError(
      await browsers.cashier.post(path, { decision: 'reject', reason: 'No.', photoSha256: seen }),
      409,
      PHOTO_CHANGED,
    );
    expectError(await browsers.cashier.post(path, { decision: 'validate', amount: '417.21' }), 400);
    expect(await rowOf(id)).toMatchObject({ state: 'pending', photoVersion: 2 });

    const current = await validate(browsers.cashier, id, '417.21');
    expect(current.json).toMatchObject({ state: 'validated' });
    expect(await rowOf(id)).toMatchObject({ decidedPhotoSha256: (await rowOf(id)).photoSha256 });
  });

  it('the second approval carries the photo too', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const id = await send(b, 'CAMBIA-2', '417.21');
    await validate(browsers.cashier, id, '420.00');
    expectError(
      await supervisor.post(`/receipts/${id}/approval`, { decision: 'confirm', photoSha256: 'a'.repeat(64) }),
      409,
      PHOTO_CHANGED,
    );
    expectError(await supervisor.post(`/receipts/${id}/approval`, { decision: 'confirm' }), 400);
    expect((await rowOf(id)).state).toBe('awaiting_approval');
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('20 concurrent confirmations of one second approval: one wins, the money is credited once', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const id = await send(b, 'CARRERA-1', '417.21');
    await validate(browsers.cashier, id, '500.00');
    const { photoSha256 } = await detail(supervisor, id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        (k % 2 === 0 ? supervisor : supervisor2).post(`/receipts/${id}/approval`, {
          decision: 'confirm',
          photoSha256,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect((await creditsOf([id])).map((c) => c.amountCents)).toEqual([50_000]);
    const debits = await t.deps.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.loanId, b.loanId), eq(walletEntries.kind, 'debit')));
    expect(debits.map((d) => d.amountCents)).toEqual([-50_000]);
  });

  it('two receipts of one deposit confirmed at once: the unique index lets one through, the other gets the same 409', async () => {
    const b1 = await borrowerWithDisbursedLoan(t, staff);
    const b2 = await borrowerWithDisbursedLoan(t, staff);
    const photo = depositPhoto(0, 'carrera de duplicados');
    const first = await send(b1, '556677', '417.21', photo);
    const second = await send(b2, '556677-', '417.21', photo);
    await validate(browsers.cashier, first, '417.21');
    await validate(browsers.cashier2, second, '417.21');
    const shas = await Promise.all(
      [first, second].map(async (id) => (await detail(supervisor, id)).photoSha256),
    );
    const answers = await Promise.all([
      supervisor.post(`/receipts/${first}/approval`, { decision: 'confirm', photoSha256: shas[0] }),
      supervisor2.post(`/receipts/${second}/approval`, { decision: 'confirm', photoSha256: shas[1] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers[0]!.statusCode === 200 ? first : second;
    expectError(
      answers.find((a) => a.statusCode === 409)!,
      409,
      alreadyValidated(won),
    );
    expect((await creditsOf([first, second])).map((c) => c.receiptId)).toEqual([won]);
  });
});
