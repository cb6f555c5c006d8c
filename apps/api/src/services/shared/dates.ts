import { todayInTegucigalpa, type IsoDate } from '@prestamos-hn/domain';
import type { Clock } from '../../clock.ts';

/** Today's date in Honduras by the injected clock, as business dates are kept (`YYYY-MM-DD`). */
export function today(deps: { clock: Clock }): IsoDate {
  return todayInTegucigalpa(deps.clock.now());
}

/** Midnight today in Honduras (UTC-6, no daylight saving), as an instant: where a day's counts start. */
export function startOfToday(deps: { clock: Clock }): Date {
  return new Date(`${today(deps)}T00:00:00-06:00`);
}

/** A wait in whole minutes as a sentence says it: '1 minuto', '5 minutos'. */
export const minutesText = (minutes: number): string => `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
