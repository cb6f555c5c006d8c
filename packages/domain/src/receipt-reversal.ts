/**
 * Reversing a validated receipt (issue 31 point 4, decision 016): the loan's account is put back as
 * if the receipt had never been validated. The services unwind every application and waiver since
 * the loan's money was last known, charge what the account replayed without that money says was due
 * (`missingCharges`) and apply the rest of the money again. Pure; integer centavos.
 */
import type { AccountCharge, AccountChargeKind } from './loan-account.ts';
import type { IsoDate } from './time.ts';

/** A charge the charges ledger holds: which instalment, what, for which business date. */
export interface RecordedCharge {
  position: number;
  kind: AccountChargeKind;
  businessDate: IsoDate;
}

/**
 * The charges a replay says were due that the ledger never charged: a late fee for an instalment that
 * has none (one per instalment, whatever its date), a day of default interest for an instalment and
 * date that has none. What the ledger charged beyond the replay is not here: the application waives it
 * (`undueCharges`).
 */
export function missingCharges(
  due: readonly AccountCharge[],
  recorded: readonly RecordedCharge[],
): AccountCharge[] {
  const lateFees = new Set(recorded.filter((c) => c.kind === 'late_fee').map((c) => c.position));
  const interestDays = new Set(
    recorded.filter((c) => c.kind === 'default_interest').map((c) => `${c.position}:${c.businessDate}`),
  );
  return due.filter((c) =>
    c.kind === 'late_fee' ? !lateFees.has(c.position) : !interestDays.has(`${c.position}:${c.businessDate}`),
  );
}

/** A wallet ledger entry as the reversal reads it. */
export interface ReversibleEntry {
  id: number;
  kind: 'credit' | 'debit' | 'reversal' | 'release' | 'refund' | 'transfer';
  amountCents: number;
  receiptId: number | null;
  reversesEntryId: number | null;
}

/** What reversing one receipt's credit does to a loan's wallet. */
export interface ReversalPlan {
  /** The receipt's credit entry. */
  creditEntryId: number;
  /** The entries to reverse, newest first: every application and release written after the credit and still standing, and the credit. */
  reverse: ReversibleEntry[];
  /** The wallet after the reversal entries, before the remaining money is applied again. */
  balanceAfterCents: number;
}

/**
 * The reversal's plan for a loan's entries: the receipt's credit and every debit and release written
 * after it and not yet reversed, newest first. Applications before the credit were made without this
 * money and stand; those after it were shaped by it, so they are undone and the money they used is
 * applied again. Null when the receipt has no standing
 * credit on this loan. A plan whose `balanceAfterCents` is negative cannot be carried out: part of
 * the money has left the wallet (refunded, or moved to another loan).
 */
export function receiptReversalPlan(
  entries: readonly ReversibleEntry[],
  receiptId: number,
): ReversalPlan | null {
  const reversed = new Set(entries.filter((e) => e.reversesEntryId !== null).map((e) => e.reversesEntryId!));
  const credit = entries.find((e) => e.kind === 'credit' && e.receiptId === receiptId && !reversed.has(e.id));
  if (!credit) return null;
  // Only what came after the credit: earlier applications were made without this money and stand.
  const reverse = entries
    .filter((e) => (e.kind === 'debit' || e.kind === 'release') && e.id > credit.id && !reversed.has(e.id))
    .concat(credit)
    .sort((a, b) => b.id - a.id);
  const balance = entries.reduce((sum, e) => sum + e.amountCents, 0);
  const unwound = reverse.reduce((sum, e) => sum + e.amountCents, 0);
  return { creditEntryId: credit.id, reverse, balanceAfterCents: balance - unwound };
}
