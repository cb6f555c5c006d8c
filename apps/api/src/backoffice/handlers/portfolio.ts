import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  exportPortfolioBuckets,
  exportPortfolioWeeks,
  getPortfolio,
} from '../../services/collections/portfolio.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The portfolio dashboard ('Cartera') and its tables as CSV. */
export const portfolioHandlers = {
  getPortfolio: ({ deps }) => getPortfolio(deps),
  exportPortfolioWeeks: ({ deps, session }) => exportPortfolioWeeks(deps, session.staff),
  exportPortfolioBuckets: ({ deps, session }) => exportPortfolioBuckets(deps, session.staff),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'portfolio'>>;
