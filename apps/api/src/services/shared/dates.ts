import { todayInTegucigalpa, type IsoDate } from '@prestamos-hn/domain';
import type { Deps } from '../deps.ts';

/** Today's date in Honduras by the injected clock, as business dates are kept (`YYYY-MM-DD`). */
export function today(deps: Pick<Deps, 'clock'>): IsoDate {
  return todayInTegucigalpa(deps.clock.now());
}
