import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff, staffUrl } from '../../../lib/staff-api';

/** GET /api/backoffice/portfolio: outstanding principal, weekly series, arrears buckets and PAR30. */
export type Portfolio = StaffResponseOf<'getPortfolio'>;

export function getPortfolio(signal?: AbortSignal): Promise<Portfolio> {
  return callStaff('getPortfolio', {}, { signal });
}

/** The data provider's method app/ adds for this call. */
export interface PortfolioCalls {
  getPortfolio: typeof getPortfolio;
}

/** The portfolio through react-admin's data provider (a 401 ends the session), cached by react-query. */
export function usePortfolio() {
  const dataProvider = useDataProvider<DataProvider & PortfolioCalls>();
  return useQuery({ queryKey: ['portfolio'], queryFn: ({ signal }) => dataProvider.getPortfolio(signal) });
}

/** The CSV downloads of the dashboard's tables (the session cookie goes with them). */
export const portfolioCsvUrls = {
  weeks: staffUrl('exportPortfolioWeeks'),
  buckets: staffUrl('exportPortfolioBuckets'),
};
