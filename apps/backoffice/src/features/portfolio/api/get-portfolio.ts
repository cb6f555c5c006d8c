import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff, staffUrl } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** GET /api/backoffice/portfolio: outstanding principal, weekly series, arrears buckets and PAR30. */
export type Portfolio = StaffResponseOf<'getPortfolio'>;

export function getPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  return callStaff('getPortfolio', {}, { signal });
}

/** The portfolio, bound to the session (a 401 ends it), cached by react-query. */
export function usePortfolio() {
  const call = useStaffCall(getPortfolio);
  return useQuery({ queryKey: queryKeys.portfolio, queryFn: ({ signal }) => call(signal) });
}

/** The CSV downloads of the dashboard's tables (the session cookie goes with them). */
export const portfolioCsvUrls = {
  weeks: staffUrl('exportPortfolioWeeks'),
  buckets: staffUrl('exportPortfolioBuckets'),
};
