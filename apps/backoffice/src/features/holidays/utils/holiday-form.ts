import {
  HOLIDAY_NAME_MAX,
  HOLIDAY_YEAR_MAX,
  HOLIDAY_YEAR_MIN,
  holidayMessages,
} from '@prestamos-hn/contract';
import { formatLongDate, isIsoDate, isSunday } from '@prestamos-hn/domain';

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;

/** A holiday's date as staff read it: '2027-03-25' gives 'jueves 25 de marzo de 2027'. */
export function holidayDateLabel(date: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
  return `${weekday} ${formatLongDate(date)}`;
}

/** The years the year picker offers: the calendar's own, and from last year to three years ahead. */
export function yearChoices(calendarYears: readonly number[], currentYear: number): number[] {
  const years = new Set<number>(calendarYears);
  for (let year = currentYear - 1; year <= currentYear + 3; year += 1) years.add(year);
  return [...years].filter((y) => y >= HOLIDAY_YEAR_MIN && y <= HOLIDAY_YEAR_MAX).sort((a, b) => a - b);
}

/** The add form's own checks, with the server's words: what is wrong with each field, if anything. */
export function checkHoliday(values: { date: string; name: string }): { date?: string; name?: string } {
  const errors: { date?: string; name?: string } = {};
  const date = values.date.trim();
  const year = Number(date.slice(0, 4));
  if (!isIsoDate(date) || year < HOLIDAY_YEAR_MIN || year > HOLIDAY_YEAR_MAX)
    errors.date = holidayMessages.date;
  const name = values.name.trim();
  if (name === '' || name.length > HOLIDAY_NAME_MAX) errors.name = holidayMessages.name;
  return errors;
}

/** A hint under the date: a Sunday is already a day off. */
export function sundayHint(date: string): string | undefined {
  return isIsoDate(date) && isSunday(date) ? 'Es domingo: ya es un día no hábil.' : undefined;
}
