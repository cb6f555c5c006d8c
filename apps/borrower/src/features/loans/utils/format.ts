import { formatMoney } from '@prestamos-hn/domain';
import { format, isValid, parseISO } from 'date-fns';
import { dateLocale } from '../../../config/date-locale';

/** Lempiras as the product shows them: `L 1,234.50`. */
export function formatLempiras(amount: number): string {
  return `L ${formatMoney(amount)}`;
}

/** A YYYY-MM-DD date in Spanish: '31 de enero de 2027' (the text itself when it is not a date). */
export function formatLongDate(isoDate: string): string {
  const date = parseISO(isoDate.slice(0, 10));
  return isValid(date) ? format(date, "d 'de' MMMM 'de' yyyy", { locale: dateLocale }) : isoDate;
}
