import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { instalments, receipts } from '../../src/db/schema/index.ts';
import { decideLoan, recordDisbursement } from '../../src/services/loans/decisions.ts';
import { createSession } from '../../src/services/sessions.ts';
import type { StaffMember } from '../../src/services/shared/staff-member.ts';
import { borrowerReadyToApply, REQUEST, staffMember } from './loans.ts';
import { callMultipart, expectOk, images, type UploadPart } from './profile.ts';
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
}

export async function paymentStaff(t: TestApp): Promise<Staff> {
  return { analyst: await staffMember(t, 'analyst'), cashier: await staffMember(t, 'cashier') };
}

/** A borrower with REQUEST requested and approved (5 Reunido) through the real services, and their session. */
export async function borrowerWithApprovedLoan(t: TestApp, staff: Staff) {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(
    t.call('postOffer.php', { sid: borrower.sid, ...REQUEST }),
  )) as {
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
    { field: 'DOC', data: images.jpeg, filename: 'deposito.jpg', contentType: 'image/jpeg' },
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
