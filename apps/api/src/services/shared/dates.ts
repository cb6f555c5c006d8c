import { todayInTegucigalpa, type IsoDate } from '@prestamos-hn/domain';
import type { Clock } from '../../clock.ts';

/** Today's date in Honduras by the injected clock, as business dates are kept (`YYYY-MM-DD`). */
export function today(deps: { clock: Clock }): IsoDate {
  return todayInTegucigalpa(deps.clock.now());
}
