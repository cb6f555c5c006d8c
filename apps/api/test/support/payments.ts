import { createHash } from 'node:crypto';
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { instalments, receipts } from '../../src/db/schema/index.ts';
import { decideLoan, recordDisbursement } from '../../src/services/loans/decisions.ts';
import { decideReceipt } from '../../src/services/payments/cashier-desk.ts';
import { decideReceiptApproval } from '../../src/services/payments/receipt-approval.ts';
import { createSession } from '../../src/services/sessions.ts';
import type { StaffMember } from '../../src/services/shared/staff-member.ts';
import { borrowerReadyToApply, REQUEST, staffMember, postOffer } from './loans.ts';
import { callMultipart, expectOk, jpegSegment, type UploadPart } from './profile.ts';
import type { TestApp } from './test-app.ts';

/**
 * REQUEST (L 1,000 over 90 days, monthly, 60 % a year, 5 % fee) disbursed: three instalments of
 * L 417.21, L 1,251.63 in all.
 */
export const INSTALMENT_CENTS = 41_721;
export const TOTAL_CENTS = 3 * INSTALMENT_CENTS;

export interface Staff {
  analyst: StaffMember;
  cashier: StaffMember;
  /** Confirms what a cashier's validation leaves 'Por aprobar' (`receipts.approve`). */
  supervisor: StaffMember;
}

export async function paymentStaff(t: TestApp): Promise<Staff> {
  return {
    analyst: await staffMember(t, 'analyst'),
    cashier: await staffMember(t, 'cashier'),
    supervisor: await staffMember(t, 'supervisor'),
  };
}

/** A borrower with REQUEST requested and approved (5 Reunido) through the real services, and their session. */
export async function borrowerWithApprovedLoan(t: TestApp, staff: Staff) {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
    container_id: number;
  };
  await decideLoan(t.deps, staff.analyst, loanId, { decision: 'approve' });
  return { ...borrower, loanId };
}

/**
 * A borrower with a loan requested, approved and disbursed today through the real services (status
 * 3 Pagando, three instalments), and their session.
 */
export async function borrowerWithDisbursedLoan(t: TestApp, staff: Staff) {
  const borrower = await borrowerWithApprovedLoan(t, staff);
  const today = todayInTegucigalpa(t.clock.now());
  await recordDisbursement(t.deps, staff.cashier, borrower.loanId, {
    disbursedOn: today,
    reference: `TRF-${borrower.loanId}`,
  });
  return { ...borrower, instalmentIds: (await scheduleOf(t, borrower.loanId)).map((i) => i.id) };
}

export const scheduleOf = (t: TestApp, loanId: number) =>
  t.deps.db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.position));

export const receiptsOf = (t: TestApp, loanId: number) =>
  t.deps.db.select().from(receipts).where(eq(receipts.loanId, loanId)).orderBy(asc(receipts.id));

/**
 * The photo of a deposit: a well-formed JPEG whose image data follows from `key` (the loan and the
 * reference typed), so each receipt has a photo of its own (the desk flags the same photo on two
 * receipts as a possible duplicate, issue 31) and the same send repeated is the same photo.
 */
export function depositPhoto(containerId: number | string, reference: string): Buffer {
  const scan = Buffer.concat(
    [0, 1].map((n) =>
      createHash('sha256')
        .update(`${n}:${String(containerId)}:${reference}`)
        .digest(),
    ),
  ).map((b) => (b === 0xff ? 0 : b));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** The SHA-256 (hex) of a receipt's current photo, as the desk's answer shows it to the cashier. */
export async function photoOf(t: TestApp, receiptId: number): Promise<string> {
  const [row] = await t.deps.db
    .select({ sha: receipts.photoSha256 })
    .from(receipts)
    .where(eq(receipts.id, receiptId));
  return row?.sha ?? '0'.repeat(64);
}

/**
 * A validation at the desk as a cashier (or `by`) makes it, with the photo they saw; when it waits
 * as 'Por aprobar' (an amount that differs from the declared one, above the payoff or L 5,000.00),
 * the supervisor (or `approver`) confirms it, and the confirmation's answer is returned: the money
 * then moves as a direct validation moves it.
 */
export async function validateReceipt(
  t: TestApp,
  staff: Staff,
  receiptId: number,
  input: { amount: string; valueDate?: string | undefined },
  options: { by?: StaffMember; approver?: StaffMember } = {},
) {
  const photoSha256 = await photoOf(t, receiptId);
  const decided = await decideReceipt(t.deps, options.by ?? staff.cashier, receiptId, {
    decision: 'validate',
    ...input,
    photoSha256,
  });
  if (decided.state !== 'awaiting_approval') return decided;
  return decideReceiptApproval(t.deps, options.approver ?? staff.supervisor, receiptId, {
    decision: 'confirm',
    photoSha256,
  });
}

export interface ReceiptFields {
  containerId: number | string;
  idpago: number | string;
  amount?: string;
  reference?: string;
}

/** send_recipemail.php as the dialog posts it: multipart with `sid`, the fields and the photo in `DOC`. */
export async function postReceipt(
  t: TestApp,
  sid: string,
  fields: ReceiptFields,
  files: UploadPart[] = [
    {
      field: 'DOC',
      data: depositPhoto(fields.containerId, fields.reference ?? ''),
      filename: 'deposito.jpg',
      contentType: 'image/jpeg',
    },
  ],
) {
  const text: Record<string, string> = {
    sid,
    containerId: String(fields.containerId),
    idpago: String(fields.idpago),
  };
  if (fields.amount !== undefined) text.amount = fields.amount;
  if (fields.reference !== undefined) text.reference = fields.reference;
  const res = await callMultipart(t, 'send_recipemail.php', text, files);
  expect(res.statusCode).toBe(200);
  return res;
}

/** The borrower's receipt for their first instalment, sent now: its id. */
export async function sendFirstReceipt(
  t: TestApp,
  borrower: { sid: string; loanId: number; instalmentIds: number[] },
  reference: string,
  amount = '417.21',
): Promise<number> {
  const sent = await expectOk(
    postReceipt(t, borrower.sid, {
      containerId: borrower.loanId,
      idpago: borrower.instalmentIds[0]!,
      amount,
      reference,
    }),
  );
  return sent.receipt_id as number;
}

/** A disbursed loan (three instalments of L 417.21) with one pending receipt sent now. */
export async function borrowerWithReceipt(t: TestApp, staff: Staff, reference: string, amount = '417.21') {
  const borrower = await borrowerWithDisbursedLoan(t, staff);
  return { ...borrower, receiptId: await sendFirstReceipt(t, borrower, reference, amount), reference };
}

/** A new session for the borrower at the clock's time (after a test moves the clock past the idle expiry). */
export async function sessionNow(t: TestApp, borrowerId: number): Promise<string> {
  return (await createSession(t.deps, { borrowerId, state: 'active' })).sid;
}
