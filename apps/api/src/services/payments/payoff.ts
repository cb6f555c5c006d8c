/**
 * Paying a loan off and giving back what is left (decision 014, points 4 and 5): the payoff quote of
 * today, for the borrower (getPayoffQuote.php) and for staff (the loan file's 'Liquidación'), and
 * the refund of a paid loan's credit ('Saldo a tu favor'). The numbers are the domain's
 * `payoffQuote`; closing a loan with it is the application's (apply-wallet.ts).
 */
import { paymentMessages, toWirePayoffQuote, type PayloadOf } from '@prestamos-hn/contract';
import {
  isLoanPayable,
  LOAN_PAID_STATUS,
  LOAN_STATUS,
  loanStatusLabel,
  payoffQuote,
  todayInTegucigalpa,
  toCents,
  type IsoDate,
  type PayoffQuote,
} from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loans, walletEntries } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { postJournal } from '../accounting/post-journal.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { loadOwnLoan } from '../shared/own-loan.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { loanWalletBalanceCents } from './ledger.ts';
import { payoffNotices, payoffStaffMessages } from './payoff-messages.ts';
import { RECEIPT_AMOUNT_MAX_CENTS } from './receipts.ts';

/**
 * The payoff of a disbursed loan on `asOf`, from its disbursement date and its instalments (read in
 * `db`, a transaction's when the caller holds the loan's lock). Null for a loan never disbursed.
 */
export async function quoteLoanPayoff(
  db: DbOrTx,
  loanId: number,
  asOf: IsoDate,
): Promise<PayoffQuote | null> {
  const [loan] = await db
    .select({ disbursedOn: loans.disbursedOn })
    .from(loans)
    .where(eq(loans.id, loanId))
    .limit(1);
  if (!loan?.disbursedOn) return null;
  const schedule = await getLoanSchedule(db, loanId);
  return payoffQuote({ disbursedOn: loan.disbursedOn, schedule }, asOf);
}

/** Why a loan of this status has no payoff, in the borrower's words. */
function noPayoffMessage(status: number): string {
  if (status === LOAN_PAID_STATUS) return paymentMessages.payoffAlreadyPaid;
  if (status === LOAN_STATUS.sent || status === LOAN_STATUS.taken || status === LOAN_STATUS.approved) {
    return paymentMessages.payoffNotDisbursed;
  }
  return paymentMessages.payoffNotActive;
}

/**
 * getPayoffQuote.php: what pays one of the caller's loans off today (Tegucigalpa, by the server's
 * clock). Another borrower's loan or an unknown one is refused as by the other calls; a loan not
 * being paid (3, 8, 9-11) gets a sentence saying why there is nothing to pay off.
 */
export async function getPayoffQuote(
  deps: Pick<Deps, 'db' | 'clock'>,
  borrowerId: number,
  containerId: number | string,
): Promise<PayloadOf<'getPayoffQuote'>> {
  const loan = await loadOwnLoan(deps, borrowerId, containerId);
  if (!isLoanPayable(loan.status)) throw new UserError(noPayoffMessage(loan.status));
  const quote = await quoteLoanPayoff(deps.db, loan.id, todayInTegucigalpa(deps.clock.now()));
  if (!quote) throw new UserError(paymentMessages.payoffNotDisbursed);
  return toWirePayoffQuote(quote);
}

/**
 * The loan file's 'Liquidación': today's payoff quote while the loan is being paid (null
 * otherwise), the wallet's balance, and the credit a paid loan holds ('Saldo a tu favor').
 */
export async function getLoanPayoff(deps: Pick<Deps, 'db' | 'clock'>, loanId: number) {
  const [loan] = Number.isSafeInteger(loanId)
    ? await deps.db.select({ id: loans.id, status: loans.status }).from(loans).where(eq(loans.id, loanId))
    : [];
  if (!loan) throw notFound(payoffStaffMessages.loanNotFound);
  const asOf = todayInTegucigalpa(deps.clock.now());
  const full = isLoanPayable(loan.status) ? await quoteLoanPayoff(deps.db, loan.id, asOf) : null;
  const walletBalanceCents = await loanWalletBalanceCents(deps.db, loan.id);
  return {
    loanId: loan.id,
    status: loan.status,
    statusLabel: loanStatusLabel(loan.status),
    quote: full && {
      asOf: full.asOf,
      validUntil: full.validUntil,
      payoffCents: full.payoffCents,
      principalCents: full.principalCents,
      interestCents: full.interestCents,
      feesCents: full.feesCents,
      lateFeesCents: full.lateFeesCents,
      creditedBackCents: full.creditedBackCents,
    },
    walletBalanceCents,
    creditCents: creditOf(loan.status, walletBalanceCents),
  };
}

/** 'Saldo a tu favor': what the wallet of a paid loan holds (money left after every instalment was covered). */
export const creditOf = (status: number, walletBalanceCents: number): number =>
  status === LOAN_PAID_STATUS ? Math.max(0, walletBalanceCents) : 0;

/**
 * An amount staff type, in lempiras as text: digits with up to two decimals (`25`, `1234.50`), more
 * than 0 and at most L 1,000,000.00, read exactly into centavos; the cashier's validation reads
 * the received amount by the same rule.
 */
export function readStaffAmountCents(
  amount: string,
  messages: { required: string; tooLarge: string },
): number {
  const text = amount.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) throw new UserError(messages.required, { field: 'amount' });
  const cents = toCents(text);
  if (cents <= 0) throw new UserError(messages.required, { field: 'amount' });
  if (cents > RECEIPT_AMOUNT_MAX_CENTS) throw new UserError(messages.tooLarge, { field: 'amount' });
  return cents;
}

export interface RefundInput {
  /** Lempiras as text, e.g. '25.00'. */
  amount: string;
  /** The bank transfer's reference (trimmed, 1-40 characters by the contract). */
  reference: string;
}

/**
 * Gives (part of) a paid loan's credit back to the borrower: in one transaction, with the loan's row
 * locked first (so two refunds queue and the second sees the first), a `refund` ledger entry
 * (negative, with the bank reference and the staff member), an audit row `loan.refund`, and the
 * borrower's notice with its SMS. Only a loan in 4 Pagado, at most its credit.
 */
export async function refundLoanCredit(deps: Deps, staff: StaffMember, loanId: number, input: RefundInput) {
  const cents = readStaffAmountCents(input.amount, {
    required: payoffStaffMessages.amountRequired,
    tooLarge: payoffStaffMessages.amountTooLarge,
  });
  const reference = input.reference.trim();
  if (reference === '') throw new UserError(payoffStaffMessages.referenceRequired, { field: 'reference' });
  if (!Number.isSafeInteger(loanId)) throw notFound(payoffStaffMessages.loanNotFound);

  return deps.db.transaction(async (tx) => {
    const [loan] = await tx
      .select({ id: loans.id, status: loans.status, borrowerId: loans.borrowerId })
      .from(loans)
      .where(eq(loans.id, loanId))
      .for('no key update');
    if (!loan) throw notFound(payoffStaffMessages.loanNotFound);
    if (loan.status !== LOAN_PAID_STATUS) {
      throw conflict(payoffStaffMessages.notPaid(loanStatusLabel(loan.status)));
    }
    const balance = await loanWalletBalanceCents(tx, loan.id);
    if (balance <= 0) throw conflict(payoffStaffMessages.noCredit);
    if (cents > balance) throw conflict(payoffStaffMessages.aboveCredit(balance));

    const now = deps.clock.now();
    const businessDate = todayInTegucigalpa(now);
    const [entry] = await tx
      .insert(walletEntries)
      .values({
        borrowerId: loan.borrowerId,
        loanId: loan.id,
        kind: 'refund',
        amountCents: -cents,
        reference,
        staffId: staff.id,
        businessDate,
        createdAt: now,
      })
      .returning({ id: walletEntries.id });
    const creditCents = balance - cents;
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'loan.refund',
      entity: 'loan',
      entityId: loan.id,
      before: { creditCents: balance },
      after: { creditCents, refundedCents: cents, reference, entryId: entry!.id, businessDate },
    });
    await notifyBorrower(deps, tx, {
      borrowerId: loan.borrowerId,
      ...payoffNotices.refunded(loan.id, cents, reference),
      channel: 'sms',
    });
    await postJournal(deps, tx, loan.id);
    return {
      loanId: loan.id,
      entryId: entry!.id,
      refundedCents: cents,
      reference,
      businessDate,
      creditCents,
    };
  });
}
