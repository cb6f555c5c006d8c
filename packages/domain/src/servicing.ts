/**
 * Servicing rules (issue 13): what state an instalment and a loan are in on a business date, when a
 * late fee is charged, which reminders fall due. Pure functions of the business date (Tegucigalpa,
 * YYYY-MM-DD) and the schedule; the daily run's set-based SQL (apps/api/src/services/servicing) does
 * the same, and its tests check it against these.
 */
import { instalmentRemainingCents, type InstalmentAmounts } from './payments.ts';
import { addDays, daysBetween, type IsoDate } from './time.ts';

/**
 * The SPEC's instalment status codes (section 3, "Instalment status labels"; the labels are
 * `INSTALMENT_STATUS_LABELS`). Code, services and SQL name a status by these, never by its number.
 */
export const INSTALMENT_STATUS = {
  /** 0 Pendiente: not yet due and not the next ones. */
  pending: 0,
  /** 1 Pagado: covered. */
  paid: 1,
  /** 2 Pago próximo: the second uncovered instalment not yet past due. */
  next: 2,
  /** 3 Atrasado*: past due and not covered, 1 to 30 days. */
  late: 3,
  /** 4 Atrasado**: past due and not covered, more than 30 days. */
  longLate: 4,
  /** 5 Pago Actual: the first uncovered instalment not yet past due. */
  current: 5,
  /** 6 Ultimo Pago: the loan's last instalment, covered. */
  lastPaid: 6,
} as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUS)[keyof typeof INSTALMENT_STATUS];

/**
 * The SPEC's loan (offer) status codes (section 3, "Loan status labels by code"; the labels are
 * `LOAN_STATUS_LABELS`). Code, services and SQL name a status by these, never by its number.
 */
export const LOAN_STATUS = {
  /** 0 Enviado: requested, waiting for an analyst. */
  sent: 0,
  /** 1 Reuniendo: taken by an analyst. */
  taken: 1,
  /** 2 Rechazado. */
  rejected: 2,
  /** 3 Pagando: disbursed, being paid. */
  paying: 3,
  /** 4 Pagado: every instalment covered. */
  paid: 4,
  /** 5 Reunido: approved, waiting for the disbursement. */
  approved: 5,
  /** 6 Oferta del préstamo en la espera de pago (a legacy code this system never sets). */
  offerAwaitingPayment: 6,
  /** 7 El tiempo se acabo: a request not disbursed in time (offer expiry). */
  expired: 7,
  /** 8 Atrasado: an instalment is past due. */
  late: 8,
  /** 9 Alguacil (collections stage). */
  bailiff: 9,
  /** 10 Corte (collections stage). */
  court: 10,
  /** 11 Recuperación previa al juicio (collections stage). */
  preTrial: 11,
} as const;

/** Past due for more than this many days, an instalment is 4 Atrasado** (1 to 30 days: 3 Atrasado*). */
export const LONG_LATE_AFTER_DAYS = 30;

/** The stages collections staff move a late loan to (from 8 Atrasado), with a reason. */
export const COLLECTION_STAGES = [LOAN_STATUS.bailiff, LOAN_STATUS.court, LOAN_STATUS.preTrial] as const;
export type CollectionStage = (typeof COLLECTION_STAGES)[number];

export const isCollectionStage = (status: number): status is CollectionStage =>
  (COLLECTION_STAGES as readonly number[]).includes(status);

/** One instalment as servicing sees it: its place, its due date and what it owes and has covered. */
export interface ServicedInstalment extends InstalmentAmounts {
  position: number;
  dueDate: IsoDate;
}

/**
 * A loan's arrears terms, copied from its price list at request (decision 014, point 2): the late
 * fee; the grace days after a due date before it is charged; the tolerance, the shortfall up to which
 * an instalment past due is neither late nor charged.
 */
export interface ArrearsTerms {
  lateFeeCents: number;
  graceDays: number;
  arrearsToleranceCents: number;
}

/** Terms with neither grace nor tolerance (the rules before decision 014). */
export const strictArrearsTerms = (lateFeeCents: number): ArrearsTerms => ({
  lateFeeCents,
  graceDays: 0,
  arrearsToleranceCents: 0,
});

/** Days an instalment is past due on `businessDate` (0 on the due date and before it). */
export function daysLate(dueDate: IsoDate, businessDate: IsoDate): number {
  return Math.max(0, daysBetween(dueDate, businessDate));
}

/**
 * Whether an instalment is in arrears on `businessDate`: past due with more than the tolerance still
 * owed (decision 014: one centavo short is not late).
 */
export function isInArrears(
  businessDate: IsoDate,
  instalment: ServicedInstalment,
  toleranceCents = 0,
): boolean {
  return (
    daysLate(instalment.dueDate, businessDate) > 0 && instalmentRemainingCents(instalment) > toleranceCents
  );
}

/**
 * The status of every instalment of a schedule on `businessDate`, in the schedule's order:
 * covered → 1 Pagado (the final one 6 Ultimo Pago); in arrears (past due, more than the tolerance
 * owed) → 3 Atrasado* (1 to 30 days) or 4 Atrasado** (more); of the other uncovered ones (not yet
 * past due, or past due and short by no more than the tolerance) the first is 5 Pago Actual, the
 * next 2 Pago próximo and the rest 0 Pendiente.
 */
export function scheduleStatuses(
  businessDate: IsoDate,
  schedule: readonly ServicedInstalment[],
  toleranceCents = 0,
): InstalmentStatus[] {
  const lastPosition = Math.max(...schedule.map((i) => i.position));
  const upcomingOrder = schedule
    .filter((i) => instalmentRemainingCents(i) > 0 && !isInArrears(businessDate, i, toleranceCents))
    .sort((a, b) => a.position - b.position)
    .map((i) => i.position);
  return schedule.map((i) => {
    if (instalmentRemainingCents(i) === 0) {
      return i.position === lastPosition ? INSTALMENT_STATUS.lastPaid : INSTALMENT_STATUS.paid;
    }
    if (isInArrears(businessDate, i, toleranceCents)) {
      return daysLate(i.dueDate, businessDate) > LONG_LATE_AFTER_DAYS
        ? INSTALMENT_STATUS.longLate
        : INSTALMENT_STATUS.late;
    }
    const rank = upcomingOrder.indexOf(i.position);
    if (rank === 0) return INSTALMENT_STATUS.current;
    if (rank === 1) return INSTALMENT_STATUS.next;
    return INSTALMENT_STATUS.pending;
  });
}

/** One instalment's status on `businessDate`, given its whole schedule (the first instalment not yet due depends on the others). */
export function instalmentStatus(
  businessDate: IsoDate,
  instalment: ServicedInstalment,
  schedule: readonly ServicedInstalment[],
): InstalmentStatus {
  const index = schedule.findIndex((i) => i.position === instalment.position);
  if (index < 0) throw new RangeError(`instalment ${instalment.position} is not in its schedule`);
  return scheduleStatuses(businessDate, schedule)[index]!;
}

/** The late instalment statuses: 3 Atrasado* and 4 Atrasado** (a loan with one is 8 Atrasado). */
export const LATE_INSTALMENT_STATUSES = [INSTALMENT_STATUS.late, INSTALMENT_STATUS.longLate] as const;

export const isLateInstalmentStatus = (status: number): boolean =>
  (LATE_INSTALMENT_STATUSES as readonly number[]).includes(status);

/**
 * The late fee to charge an instalment on `businessDate`: the loan's fee, once (`alreadyCharged`:
 * the instalment has had its late fee, even if it was waived since), when it is more than the grace
 * days past due with more than the tolerance owed; otherwise 0.
 */
export function lateFeeToCharge(
  businessDate: IsoDate,
  instalment: ServicedInstalment,
  terms: ArrearsTerms,
  alreadyCharged: boolean = instalment.lateFeeCents > 0,
): number {
  if (alreadyCharged || terms.lateFeeCents <= 0) return 0;
  if (instalmentRemainingCents(instalment) <= terms.arrearsToleranceCents) return 0;
  return daysLate(instalment.dueDate, businessDate) > terms.graceDays ? terms.lateFeeCents : 0;
}

/**
 * A loan's status after the run of `businessDate`: 3 Pagando becomes 8 Atrasado when one of its
 * instalments is late, 8 goes back to 3 once none is; every other status (4 Pagado, the collections
 * stages 9-11 that staff set, requests) stays as it is.
 */
export function loanStatusAfterRun(loanStatus: number, statuses: readonly number[]): number {
  const anyLate = statuses.some(isLateInstalmentStatus);
  if (loanStatus === LOAN_STATUS.paying && anyLate) return LOAN_STATUS.late;
  if (loanStatus === LOAN_STATUS.late && !anyLate) return LOAN_STATUS.paying;
  return loanStatus;
}

/**
 * The due dates whose instalments can change on `businessDate` by the passing of time alone, when
 * the book was last brought up to `previousDate` (decision 019). An instalment's status and late fee
 * depend on the date only through "more than `t` days past due" for a few thresholds `t`: 0 (past
 * due), `LONG_LATE_AFTER_DAYS` (3 → 4) and each loan's grace days (the late fee). Between the two
 * dates the threshold `t` is crossed by the due dates from `previousDate − t` to `businessDate − t − 1`.
 * One range per threshold, oldest first; none when `previousDate` is not before `businessDate`.
 */
export function dueDatesCrossingThresholds(
  previousDate: IsoDate,
  businessDate: IsoDate,
  thresholds: readonly number[],
): { from: IsoDate; to: IsoDate }[] {
  if (previousDate >= businessDate) return [];
  return [...new Set(thresholds)]
    .sort((a, b) => b - a)
    .map((t) => {
      if (!Number.isInteger(t) || t < 0) throw new RangeError(`Not a threshold in days: ${t}`);
      return { from: addDays(previousDate, -t), to: addDays(businessDate, -t - 1) };
    });
}

/** The reminders, by their day counted from the due date (negative: before it). */
export const REMINDER_OFFSETS = {
  'due-in-3': -3,
  'due-today': 0,
  'late-1': 1,
  'late-7': 7,
  'late-30': 30,
} as const;
export type ReminderEvent = keyof typeof REMINDER_OFFSETS;
export const REMINDER_EVENTS = Object.keys(REMINDER_OFFSETS) as ReminderEvent[];

/** The reminder an uncovered instalment due on `dueDate` gets on `businessDate`, if any. */
export function reminderDue(dueDate: IsoDate, businessDate: IsoDate): ReminderEvent | null {
  const offset = daysBetween(dueDate, businessDate);
  return REMINDER_EVENTS.find((event) => REMINDER_OFFSETS[event] === offset) ?? null;
}

/**
 * The reminders the run of `businessDate` sends when the real day is `today` (both Tegucigalpa
 * dates): every event on the day itself; none for a day already past, as when a catch-up after
 * downtime runs the missed days, because 'vence hoy', 'vence en 3 días' or '1 día de atraso' would
 * be false by now (issue 35). The money of a past day (fees, states) still catches up day by day.
 */
export function remindersToSend(businessDate: IsoDate, today: IsoDate): readonly ReminderEvent[] {
  return businessDate === today ? REMINDER_EVENTS : [];
}

/** The due date whose instalments get `event` on `businessDate`. */
export const reminderDueDate = (event: ReminderEvent, businessDate: IsoDate): IsoDate =>
  addDays(businessDate, -REMINDER_OFFSETS[event]);

/** Arrears buckets of the portfolio (days past due of a loan's oldest late instalment). */
export const ARREARS_BUCKETS = [
  { id: '1-30', label: '1-30 días', from: 1, to: 30 },
  { id: '31-60', label: '31-60 días', from: 31, to: 60 },
  { id: '61-90', label: '61-90 días', from: 61, to: 90 },
  { id: '90+', label: 'Más de 90 días', from: 91, to: Infinity },
] as const;
export type ArrearsBucketId = (typeof ARREARS_BUCKETS)[number]['id'];

/** The bucket of a loan `days` past due; null when not late. */
export function arrearsBucket(days: number): ArrearsBucketId | null {
  return ARREARS_BUCKETS.find((b) => days >= b.from && days <= b.to)?.id ?? null;
}
