/**
 * A loan's account replayed by value dates (decision 014, point 1): what a loan owes and has covered
 * on any date, had every payment been known on the day its money arrived. The daily run charges by
 * what it knows at 00:05; a receipt validated later with an earlier value date can make a charge
 * undue. Replaying the schedule day by day, with each day's charges (late fees after the grace
 * days, default interest once maturity's grace days have passed) before that day's money, gives the charges that were due:
 * the services waive what was charged beyond them.
 */
import { defaultInterestToCharge, maturityDate } from './default-interest.ts';
import type { Rational } from './money.ts';
import { allocatePayment, instalmentRemainingCents } from './payments.ts';
import {
  lateFeeToCharge,
  scheduleStatuses,
  type ArrearsTerms,
  type InstalmentStatus,
  type ServicedInstalment,
} from './servicing.ts';
import { addDays, isIsoDate, type IsoDate } from './time.ts';

/** One instalment as the contract sets it: due date, interest, fee and principal. */
export interface ContractInstalment {
  position: number;
  dueDate: IsoDate;
  chargeCents: number;
  administratorFeeCents: number;
  amountCents: number;
}

/** The loan's terms that make charges: the arrears terms and the daily default-interest rate. */
export interface AccountTerms extends ArrearsTerms {
  defaultDailyRate: Rational;
}

/** Money that reached the loan, and the day it counts from. */
export interface DatedMoney {
  valueDate: IsoDate;
  cents: number;
}

export type AccountChargeKind = 'late_fee' | 'default_interest';

/** A charge the replay made: which instalment, what, on which business date, how much. */
export interface AccountCharge {
  position: number;
  kind: AccountChargeKind;
  businessDate: IsoDate;
  cents: number;
}

export interface AccountReplay {
  /** The instalments after the last day replayed, with their charges and covered parts. */
  instalments: ServicedInstalment[];
  statuses: InstalmentStatus[];
  charges: AccountCharge[];
  receivedCents: number;
  appliedCents: number;
  /** Money beyond everything owed: the borrower's credit. */
  creditCents: number;
}

/**
 * Replays a disbursed loan from `startDate` (the disbursement) through `through`: money dated on or
 * before the start is applied first; then, for every day, that day's charges are made on what the
 * earlier money left owed (as the run of that date does at 00:05), and that day's money is applied,
 * oldest instalment first (`allocatePayment`). Pure; money dated after `through` is not counted.
 */
export function replayAccount(
  input: {
    startDate: IsoDate;
    schedule: readonly ContractInstalment[];
    terms: AccountTerms;
    money: readonly DatedMoney[];
  },
  through: IsoDate,
): AccountReplay {
  const { startDate, schedule, terms } = input;
  if (!isIsoDate(startDate) || !isIsoDate(through)) throw new RangeError('Dates are YYYY-MM-DD');
  const state: ServicedInstalment[] = [...schedule]
    .sort((a, b) => a.position - b.position)
    .map((i) => ({
      ...i,
      chargeCoveredCents: 0,
      administratorFeeCoveredCents: 0,
      amountCoveredCents: 0,
      lateFeeCents: 0,
      lateFeeCoveredCents: 0,
      penaltyFeeCents: 0,
      penaltyCoveredCents: 0,
    }));
  const maturity = maturityDate(state);
  const money = input.money.filter((m) => m.valueDate <= through);
  const receivedCents = money.reduce((sum, m) => sum + m.cents, 0);
  const charges: AccountCharge[] = [];
  const lateFeeCharged = new Set<number>();
  let wallet = 0;
  let appliedCents = 0;

  const apply = () => {
    if (wallet === 0) return;
    const allocation = allocatePayment(state, wallet);
    for (const a of allocation.instalments) {
      const row = state[a.index]!;
      row.lateFeeCoveredCents += a.covered.lateFee;
      row.penaltyCoveredCents += a.covered.penalty;
      row.chargeCoveredCents += a.covered.charge;
      row.administratorFeeCoveredCents += a.covered.administratorFee;
      row.amountCoveredCents += a.covered.amount;
    }
    appliedCents += allocation.appliedCents;
    wallet = allocation.leftoverCents;
  };
  const receive = (test: (date: IsoDate) => boolean) => {
    for (const m of money) if (test(m.valueDate)) wallet += m.cents;
    apply();
  };

  receive((date) => date <= startDate);
  for (let day = addDays(startDate, 1); day <= through; day = addDays(day, 1)) {
    for (const row of state) {
      const fee = lateFeeToCharge(day, row, terms, lateFeeCharged.has(row.position));
      if (fee > 0) {
        row.lateFeeCents += fee;
        lateFeeCharged.add(row.position);
        charges.push({ position: row.position, kind: 'late_fee', businessDate: day, cents: fee });
      }
      const interest = defaultInterestToCharge(day, row, maturity, terms.defaultDailyRate, terms);
      if (interest > 0) {
        row.penaltyFeeCents += interest;
        charges.push({
          position: row.position,
          kind: 'default_interest',
          businessDate: day,
          cents: interest,
        });
      }
    }
    receive((date) => date === day);
  }
  return {
    instalments: state,
    statuses: scheduleStatuses(through, state, terms.arrearsToleranceCents),
    charges,
    receivedCents,
    appliedCents,
    creditCents: wallet,
  };
}

/** What the loan owes in all after a replay (0 once everything is covered). */
export const replayDebtCents = (replay: AccountReplay): number =>
  replay.instalments.reduce((sum, i) => sum + instalmentRemainingCents(i), 0);
