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
  exportPortfolioWeeks: ({ deps }) => exportPortfolioWeeks(deps),
  exportPortfolioBuckets: ({ deps }) => exportPortfolioBuckets(deps),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'portfolio'>>;
