/**
 * Paying a loan off early (issue "Money that is fair to both sides", point 4; decision 014): what
 * closes the loan on a date is the outstanding principal, the interest earned to that date, the
 * administrative fees of the periods already started and the unpaid late fees. Interest and fees of
 * periods not yet started are not owed: what is still uncovered of them is waived, what was already
 * paid ahead is credited back. Pure, all money in integer centavos.
 *
 * Period k runs from the previous due date (the disbursement date for k = 1), exclusive, to its own
 * due date, inclusive. The current period is the first instalment due on or after the date; its
 * fee is owed in full and its interest is earned pro rata by days elapsed. Periods that ended
 * before the date are fully earned; later periods earn nothing; after the last due date everything
 * is earned.
 */
import { roundHalfUp, toSafeNumber } from './money.ts';
import { componentDueCents, type InstalmentAmounts } from './payments.ts';
import { daysBetween, isIsoDate, type IsoDate } from './time.ts';

/** One instalment as the payoff reads it: its place, due date, parts and the default interest (penalty). */
export interface PayoffInstalment extends InstalmentAmounts {
  position: number;
  dueDate: IsoDate;
  penaltyFeeCents: number;
  penaltyCoveredCents: number;
}

/** The parts of an instalment that are earned over time: interest (`charge`) and the administrative fee. */
export type PayoffComponent = 'charge' | 'administratorFee';
export const PAYOFF_COMPONENTS: readonly PayoffComponent[] = ['charge', 'administratorFee'];

/** An amount of one part of one instalment: waived (not owed, not covered) or released (covered, not earned). */
export interface PayoffAdjustment {
  position: number;
  component: PayoffComponent;
  cents: number;
}

export interface PayoffQuote {
  /** The date the quote is for. */
  asOf: IsoDate;
  /** The last date the amount holds: interest accrues daily, so the same date. */
  validUntil: IsoDate;
  /** What closes the loan that day: principal + interest + fees + late fees − credited back, never below 0. */
  payoffCents: number;
  /** Outstanding principal: amount − amount covered over all instalments. */
  principalCents: number;
  /** Interest earned and not yet covered (past periods in full, the current one pro rata by days). */
  interestCents: number;
  /** Administrative fees of past periods and the current one, not yet covered. */
  feesCents: number;
  /** Unpaid late fees and unpaid default interest (penalty). */
  lateFeesCents: number;
  /** Interest and fees already covered but not earned (periods not started, the current one's unearned interest). */
  creditedBackCents: number;
  /** Per instalment and part, the unearned amount not yet covered: waived at closing. */
  waivers: PayoffAdjustment[];
  /** Per instalment and part, the unearned amount already covered: given back to the wallet at closing. */
  releases: PayoffAdjustment[];
  /** The position of the current period's instalment, or null once the last due date has passed. */
  currentPosition: number | null;
}

function requireCents(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of centavos: ${value}`);
  }
  return value;
}

const FIELDS = {
  charge: ['chargeCents', 'chargeCoveredCents'],
  administratorFee: ['administratorFeeCents', 'administratorFeeCoveredCents'],
} as const satisfies Record<PayoffComponent, readonly [keyof InstalmentAmounts, keyof InstalmentAmounts]>;

/** How much of an instalment's interest is earned on `asOf`, given where its period stands. */
function earnedChargeCents(chargeCents: number, start: IsoDate, due: IsoDate, asOf: IsoDate): number {
  const periodDays = daysBetween(start, due);
  // A period of no days (dates moved onto one another) is over the day it starts.
  if (periodDays <= 0) return chargeCents;
  const elapsedDays = Math.min(periodDays, Math.max(0, daysBetween(start, asOf)));
  return toSafeNumber(roundHalfUp(BigInt(chargeCents) * BigInt(elapsedDays), BigInt(periodDays)));
}

/**
 * The payoff of a disbursed loan on `asOf` (a Tegucigalpa business date), from its disbursement date
 * and its schedule (any order; read by position).
 */
export function payoffQuote(
  input: { disbursedOn: IsoDate; schedule: readonly PayoffInstalment[] },
  asOf: IsoDate,
): PayoffQuote {
  if (!isIsoDate(asOf)) throw new RangeError(`Not a date YYYY-MM-DD: ${JSON.stringify(asOf)}`);
  if (!isIsoDate(input.disbursedOn)) {
    throw new RangeError(`Not a date YYYY-MM-DD: ${JSON.stringify(input.disbursedOn)}`);
  }
  const schedule = [...input.schedule].sort((a, b) => a.position - b.position);
  const current = schedule.find((instalment) => daysBetween(asOf, instalment.dueDate) >= 0);

  let principalCents = 0;
  let interestCents = 0;
  let feesCents = 0;
  let lateFeesCents = 0;
  let creditedBackCents = 0;
  const waivers: PayoffAdjustment[] = [];
  const releases: PayoffAdjustment[] = [];

  let start = input.disbursedOn;
  for (const instalment of schedule) {
    principalCents += componentDueCents(instalment, 'amount');
    lateFeesCents += componentDueCents(instalment, 'lateFee');
    const penalty = requireCents(instalment.penaltyFeeCents, 'penaltyFeeCents');
    const penaltyCovered = requireCents(instalment.penaltyCoveredCents, 'penaltyCoveredCents');
    lateFeesCents += Math.max(0, penalty - penaltyCovered);

    const ended = daysBetween(instalment.dueDate, asOf) > 0;
    const isCurrent = instalment === current;
    for (const component of PAYOFF_COMPONENTS) {
      componentDueCents(instalment, component); // checks the part: whole centavos, covered ≤ due
      const [dueField, coveredField] = FIELDS[component];
      const due = instalment[dueField];
      const covered = instalment[coveredField];
      let earned = 0;
      if (ended) earned = due;
      else if (isCurrent) {
        earned = component === 'charge' ? earnedChargeCents(due, start, instalment.dueDate, asOf) : due;
      }
      const owed = Math.max(0, earned - covered);
      const released = Math.max(0, covered - earned);
      const waived = due - Math.max(earned, covered);
      if (component === 'charge') interestCents += owed;
      else feesCents += owed;
      creditedBackCents += released;
      if (waived > 0) waivers.push({ position: instalment.position, component, cents: waived });
      if (released > 0) releases.push({ position: instalment.position, component, cents: released });
    }
    start = instalment.dueDate;
  }

  const gross = principalCents + interestCents + feesCents + lateFeesCents;
  return {
    asOf,
    validUntil: asOf,
    payoffCents: Math.max(0, gross - creditedBackCents),
    principalCents,
    interestCents,
    feesCents,
    lateFeesCents,
    creditedBackCents,
    waivers,
    releases,
    currentPosition: current?.position ?? null,
  };
}
