/**
 * The help chat's rules that both the API and the app need: limits, the office hours (a setting of
 * the server, read here from its text form) and the Spanish sentences that tell a borrower when an
 * answer can be expected. Honduras time (UTC-6, no daylight saving); nothing here reads the clock.
 */
import { TEGUCIGALPA_UTC_OFFSET_MINUTES } from './constants.ts';
import { tegucigalpaDateTime } from './time.ts';

/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** How often the open chat asks for new messages when the live channel is not available. */
export const CHAT_POLL_MS = 5000;
/** How long a ticket for the live channel can be used (once). */
export const CHAT_TICKET_TTL_SECONDS = 60;
/** A staff answer unseen this long earns the borrower one SMS... */
export const CHAT_SMS_NUDGE_AFTER_MINUTES = 10;
/** ...at most once per conversation in this many minutes. */
export const CHAT_SMS_NUDGE_INTERVAL_MINUTES = 60;
/** The office hours when the setting is not given: Monday to Saturday, 8:00 to 18:00. */
export const DEFAULT_CHAT_OFFICE_HOURS = '1-6 08:00-18:00';

/** One rule of the office hours: ISO weekdays (1 Monday … 7 Sunday), minutes after midnight. */
export interface OfficeHoursRule {
  days: readonly number[];
  fromMinute: number;
  toMinute: number;
}
export type OfficeHours = readonly OfficeHoursRule[];

const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

function parseClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

function parseDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^([1-7])(?:-([1-7]))?$/.exec(part.trim());
    if (!match) return null;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (last < first) return null;
    for (let day = first; day <= last; day++) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

/**
 * Reads the office hours setting: rules separated by `;`, each `<days> <HH:MM>-<HH:MM>`, where days
 * are ISO weekdays (1 Monday … 7 Sunday) as a range `1-5`, a list `1,3,5` or one day `6`; e.g.
 * `1-5 08:00-18:00; 6 08:00-12:00`. Null when the text is not that.
 */
export function parseOfficeHours(text: string): OfficeHours | null {
  const rules: OfficeHoursRule[] = [];
  for (const raw of text.split(';')) {
    const part = raw.trim();
    if (part === '') continue;
    const match = /^(\S+)\s+(\S+)-(\S+)$/.exec(part);
    if (!match) return null;
    const days = parseDays(match[1]!);
    const fromMinute = parseClock(match[2]!);
    const toMinute = parseClock(match[3]!);
    if (!days || fromMinute === null || toMinute === null || fromMinute >= toMinute) return null;
    rules.push({ days, fromMinute, toMinute });
  }
  return rules.length > 0 ? rules : null;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a Tegucigalpa calendar date. */
function isoWeekday(year: number, month: number, day: number): number {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The instant of midnight, Tegucigalpa time, of the local day `daysAhead` after `now`'s. */
function localMidnight(now: Date, daysAhead: number): { at: number; weekday: number } {
  const { year, month, day } = tegucigalpaDateTime(now);
  const utcMidnight = Date.UTC(year, month - 1, day + daysAhead);
  const date = new Date(utcMidnight);
  return {
    at: utcMidnight - TEGUCIGALPA_UTC_OFFSET_MINUTES * MINUTE_MS,
    weekday: isoWeekday(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
  };
}

/** When the current office-hours window ends, or null when the office is closed at `now`. */
export function officeClosesAt(hours: OfficeHours, now: Date): Date | null {
  const today = localMidnight(now, 0);
  const minute = Math.floor((now.getTime() - today.at) / MINUTE_MS);
  let closes: number | null = null;
  for (const rule of hours) {
    if (!rule.days.includes(today.weekday)) continue;
    if (minute >= rule.fromMinute && minute < rule.toMinute) {
      const end = today.at + rule.toMinute * MINUTE_MS;
      closes = closes === null ? end : Math.max(closes, end);
    }
  }
  return closes === null ? null : new Date(closes);
}

/** Whether someone answers the chat at `now`. */
export function isOfficeOpen(hours: OfficeHours, now: Date): boolean {
  return officeClosesAt(hours, now) !== null;
}

/** The next time the office opens after `now` (null while it is open). */
export function nextOfficeOpening(hours: OfficeHours, now: Date): Date | null {
  if (isOfficeOpen(hours, now)) return null;
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = localMidnight(now, ahead);
    const starts = hours
      .filter((rule) => rule.days.includes(day.weekday))
      .map((rule) => day.at + rule.fromMinute * MINUTE_MS)
      .filter((at) => at > now.getTime())
      .sort((a, b) => a - b);
    if (starts[0] !== undefined) return new Date(starts[0]);
  }
  return null;
}

/** `8:00 a. m.`, `12:30 p. m.` (minutes after midnight; 24:00 reads as midnight). */
export function formatClockTime(minuteOfDay: number): string {
  const hour24 = Math.floor(minuteOfDay / 60) % 24;
  const minute = minuteOfDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour24 < 12 ? 'a. m.' : 'p. m.'}`;
}

/** `las 8:00 a. m.`, but `la 1:00 p. m.` (la una). */
function atClock(minuteOfDay: number): string {
  const hour12 = Math.floor(minuteOfDay / 60) % 12;
  return `${hour12 === 1 ? 'la' : 'las'} ${formatClockTime(minuteOfDay)}`;
}

function joinSpanish(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

function describeDays(days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.map((run) =>
    run.length >= 3
      ? `${WEEKDAY_NAMES[run[0]! - 1]} a ${WEEKDAY_NAMES[run.at(-1)! - 1]}`
      : run.map((day) => WEEKDAY_NAMES[day - 1]!).join(' y '),
  );
  return joinSpanish(parts);
}

/** The office hours in words: `lunes a sábado, de 8:00 a. m. a 6:00 p. m.` (rules joined by `; `). */
export function describeOfficeHours(hours: OfficeHours): string {
  return hours
    .map(
      (rule) =>
        `${describeDays(rule.days)}, de ${formatClockTime(rule.fromMinute)} a ${formatClockTime(rule.toMinute)}`,
    )
    .join('; ');
}

/**
 * When an answer can be expected, outside office hours: `hoy a partir de las 8:00 a. m.`,
 * `mañana a partir de …` or `el lunes a partir de …`, in Tegucigalpa time.
 */
export function describeNextOpening(opening: Date, now: Date): string {
  const local = tegucigalpaDateTime(opening);
  const minute = local.hour * 60 + local.minute;
  const todayAt = localMidnight(now, 0).at;
  const openingDay = localMidnight(opening, 0);
  const daysAhead = Math.round((openingDay.at - todayAt) / DAY_MS);
  const day =
    daysAhead <= 0 ? 'hoy' : daysAhead === 1 ? 'mañana' : `el ${WEEKDAY_NAMES[openingDay.weekday - 1]}`;
  return `${day} a partir de ${atClock(minute)}`;
}

/** What the chat says about answers at `nextOpening` (null: the office is open now). */
export function chatAvailabilityText(nextOpening: Date | null, now: Date): string {
  if (nextOpening === null || nextOpening.getTime() <= now.getTime()) {
    return 'Estamos atendiendo. Te responderemos lo antes posible.';
  }
  const when = describeNextOpening(nextOpening, now);
  // `… 8:00 a. m.` already ends the sentence.
  return `Estamos fuera de horario. Puedes escribirnos y te responderemos ${when}${when.endsWith('.') ? '' : '.'}`;
}
