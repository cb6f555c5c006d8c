/**
 * Calendar dates as `YYYY-MM-DD` text and Honduras time. America/Tegucigalpa is UTC-6 with no
 * daylight saving, so local time is plain arithmetic on `Date.UTC`; nothing here reads the clock.
 */
import { HOLY_WEEK_CLOSURE, RECEIPT_ALLOWED_HOURS, TEGUCIGALPA_UTC_OFFSET_MINUTES } from './constants.ts';

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Year, month (1-12) and day of a `YYYY-MM-DD` date, or null if it is not a real calendar date. */
export function parseIsoDate(date: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = utcDate(year, month, day);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whether the text is a real calendar date `YYYY-MM-DD`. */
export function isIsoDate(date: string): boolean {
  return parseIsoDate(date) !== null;
}

function requireIsoDate(date: string): { year: number; month: number; day: number } {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not a date YYYY-MM-DD: ${JSON.stringify(date)}`);
  return parts;
}

function formatUtcDate(time: Date): IsoDate {
  return `${pad(time.getUTCFullYear(), 4)}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}`;
}

/** Midnight UTC of a date; month and day may overflow (day 0 is the last day of the month before). */
function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** The date `days` calendar days after `date` (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  const { year, month, day } = requireIsoDate(date);
  return formatUtcDate(utcDate(year, month, day + days));
}

/** Calendar days from `from` to `to` (negative if `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const a = requireIsoDate(from);
  const b = requireIsoDate(to);
  return Math.round(
    (utcDate(b.year, b.month, b.day).getTime() - utcDate(a.year, a.month, a.day).getTime()) / DAY_MS,
  );
}

/** The same day `months` months later (or earlier); a day the month lacks becomes its last day. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`Not a whole number of months: ${months}`);
  const { year, month, day } = requireIsoDate(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const lastDay = utcDate(targetYear, targetMonth + 1, 0).getUTCDate();
  return formatUtcDate(utcDate(targetYear, targetMonth, Math.min(day, lastDay)));
}

/** The same day `years` years later (or earlier); 29 February becomes 28 February in other years. */
export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A date as contracts write it: `2026-11-22` gives '22 de noviembre de 2026'. */
export function formatLongDate(date: IsoDate): string {
  const { year, month, day } = requireIsoDate(date);
  return `${day} de ${MONTH_NAMES[month - 1]} de ${year}`;
}

/** A date as a table or a form writes it: '22/11/2026' (dd/mm/aaaa, two-digit day and month). */
export function formatShortDate(date: IsoDate): string {
  const { year, month, day } = requireIsoDate(date);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** Local time in Honduras (America/Tegucigalpa, UTC-6) for an instant. */
export function tegucigalpaDateTime(now: Date): {
  date: IsoDate;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  const local = new Date(time + TEGUCIGALPA_UTC_OFFSET_MINUTES * 60_000);
  return {
    date: formatUtcDate(local),
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** Today's date in Honduras. */
export function todayInTegucigalpa(now: Date): IsoDate {
  return tegucigalpaDateTime(now).date;
}

/** Honduras local time of day, `HH:mm:ss` (payment and registration times are UTC-6). */
export function timeInTegucigalpa(now: Date): string {
  const { hour, minute, second } = tegucigalpaDateTime(now);
  return `${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** Receipts can be sent from 00:00 to 19:59:59 Honduras time (the notice says 8:00 am - 8:00 pm). */
export function isReceiptWindowOpen(now: Date): boolean {
  const { hour } = tegucigalpaDateTime(now);
  return hour >= RECEIPT_ALLOWED_HOURS.fromHour && hour < RECEIPT_ALLOWED_HOURS.toHourExclusive;
}

/** Holy Week closure: 16 to 19 April, Honduras time. */
export function isHolyWeekClosure(now: Date): boolean {
  const { month, day } = tegucigalpaDateTime(now);
  return (
    month === HOLY_WEEK_CLOSURE.month && day >= HOLY_WEEK_CLOSURE.firstDay && day <= HOLY_WEEK_CLOSURE.lastDay
  );
}

/** Whole years of age on `today` (a 29 February birthday counts on 1 March in other years). */
export function ageInYears(birthDate: IsoDate, today: IsoDate): number {
  const birth = requireIsoDate(birthDate);
  const now = requireIsoDate(today);
  const hadBirthday = now.month > birth.month || (now.month === birth.month && now.day >= birth.day);
  return now.year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * Whether `date` lies between `maxYearsAgo` and `minYearsAgo` years before `today`, both ends
 * included (for example a birth date 21 to 80 years ago).
 */
export function isWithinYearsAgo(
  date: IsoDate,
  today: IsoDate,
  minYearsAgo: number,
  maxYearsAgo: number,
): boolean {
  if (!isIsoDate(date)) return false;
  return date >= addYears(today, -maxYearsAgo) && date <= addYears(today, -minYearsAgo);
}
