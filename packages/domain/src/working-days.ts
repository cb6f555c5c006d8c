/**
 * Working days (decision 014, point 3): Sunday and the holidays of the calendar admins keep are days
 * off. A due date that falls on a day off moves to the next working day; the amounts stay as they
 * are. The calendar is data (the `holidays` table), passed in: nothing here knows a holiday by name.
 */
import { addDays, daysBetween, isIsoDate, type IsoDate } from './time.ts';

/** A Sunday, to count weekdays from. */
const A_SUNDAY: IsoDate = '2026-01-04';

/** How far a due date may move: longer runs of days off mean a calendar typed wrong. */
const MAX_DAYS_OFF_IN_A_ROW = 31;

function requireDate(date: IsoDate): void {
  if (!isIsoDate(date)) throw new RangeError(`Not a date YYYY-MM-DD: ${JSON.stringify(date)}`);
}

/** Whether the date is a Sunday. */
export function isSunday(date: IsoDate): boolean {
  requireDate(date);
  return ((daysBetween(A_SUNDAY, date) % 7) + 7) % 7 === 0;
}

/** Whether the date is a day off: a Sunday, or one of `holidays`. */
export function isDayOff(date: IsoDate, holidays: ReadonlySet<IsoDate>): boolean {
  return isSunday(date) || holidays.has(date);
}

/**
 * The working day a due date on `date` is paid on: `date` itself when it is a working day, else the
 * first working day after it (Holy Thursday 2027-03-25 gives Monday 2027-03-29). RangeError if more
 * than 31 days off follow one another.
 */
export function nextWorkingDay(date: IsoDate, holidays: ReadonlySet<IsoDate>): IsoDate {
  let day = date;
  for (let moved = 0; isDayOff(day, holidays); moved += 1) {
    if (moved >= MAX_DAYS_OFF_IN_A_ROW) {
      throw new RangeError(`More than ${MAX_DAYS_OFF_IN_A_ROW} days off in a row from ${date}`);
    }
    day = addDays(day, 1);
  }
  return day;
}

/**
 * The due date of instalment `position` (1, 2, …) of a loan started on `startDate` with periods of
 * `periodDays` days: `position` periods later, moved to the next working day. The count is always
 * from the start, so a moved date never moves the ones after it.
 */
export function instalmentDueDate(
  startDate: IsoDate,
  periodDays: number,
  position: number,
  holidays: ReadonlySet<IsoDate>,
): IsoDate {
  return nextWorkingDay(addDays(startDate, position * periodDays), holidays);
}

/** A calendar (the holidays' dates, in any order, repeats allowed) as the set the functions above read. */
export function holidaySet(dates: Iterable<IsoDate>): ReadonlySet<IsoDate> {
  const set = new Set<IsoDate>();
  for (const date of dates) {
    requireDate(date);
    set.add(date);
  }
  return set;
}
