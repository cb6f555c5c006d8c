/**
 * Reversing a validated receipt (issue 31 point 4, decision 016): the loan's account is put back as
 * if the receipt had never been validated. The services unwind every application and waiver since
 * the loan's money was last known, charge what the account replayed without that money says was due
 * (`missingCharges`) and apply the rest of the money again. Pure; integer centavos.
 */
import type { AccountCharge, AccountChargeKind } from './loan-account.ts';
import type { IsoDate } from './time.ts';

/** A charge the charges ledger holds: which instalment, what, for which business date, how much. */
export interface RecordedCharge {
  position: number;
  kind: AccountChargeKind;
  businessDate: IsoDate;
  /** Centavos charged (a day's default interest with its top-ups, summed or row by row). */
  cents: number;
}

/** A charge to make: the replay's, or the part of a day's default interest the ledger charged short. */
export interface MissingCharge extends AccountCharge {
  /** A day of default interest already charged, on a smaller balance: `cents` is the difference. */
  topUp: boolean;
}

/**
 * The charges a replay says were due that the ledger never charged: a late fee for an instalment that
 * has none (one per instalment, whatever its date), a day of default interest for an instalment and
 * date that has none, and the difference when a day's default interest was charged on less than the
 * replay's balance (the receipt had paid part of the principal: a top-up). What the ledger charged
 * beyond the replay is not here: the application waives it (`undueCharges`).
 */
export function missingCharges(
  due: readonly AccountCharge[],
  recorded: readonly RecordedCharge[],
): MissingCharge[] {
  const lateFees = new Set(recorded.filter((c) => c.kind === 'late_fee').map((c) => c.position));
  const interestDays = new Map<string, number>();
  for (const c of recorded) {
    if (c.kind !== 'default_interest') continue;
    const key = `${c.position}:${c.businessDate}`;
    interestDays.set(key, (interestDays.get(key) ?? 0) + c.cents);
  }
  const missing: MissingCharge[] = [];
  for (const c of due) {
    if (c.kind === 'late_fee') {
      if (!lateFees.has(c.position)) missing.push({ ...c, topUp: false });
      continue;
    }
    const charged = interestDays.get(`${c.position}:${c.businessDate}`);
    if (charged === undefined) missing.push({ ...c, topUp: false });
    else if (c.cents > charged) missing.push({ ...c, cents: c.cents - charged, topUp: true });
  }
  return missing;
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
