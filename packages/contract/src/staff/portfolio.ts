import { z } from 'zod';
import { binaryResponse, defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { isoDate } from './fields.ts';

const cents = z.number().int();
const count = z.number().int().nonnegative();

/** The portfolio on today's Tegucigalpa date (services/collections/portfolio.ts). */
export const portfolioSummary = z.object({
  asOf: isoDate,
  /** Uncovered principal of the instalments of loans in 3, 8, 9, 10 and 11. */
  outstandingPrincipalCents: cents,
  outstandingLoans: count,
  /** The last 12 weeks (Monday to Sunday, the current one last). */
  weeks: z.array(
    z.object({
      weekStart: isoDate,
      disbursedLoans: count,
      disbursedCents: cents,
      /** Wallet debits applied to instalments, by business date. */
      collectedCents: cents,
    }),
  ),
  buckets: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      loans: count,
      outstandingPrincipalCents: cents,
    }),
  ),
  par30: z.object({
    /** Outstanding principal of loans more than 30 days late. */
    atRiskCents: cents,
    /** atRisk ÷ outstanding in basis points, rounded half up (0 with nothing outstanding). */
    basisPoints: count,
    /** The same ratio exactly, as a fraction 'atRisk/outstanding' in centavos. */
    ratio: z.string(),
  }),
});

const csv = binaryResponse(['text/csv; charset=utf-8']);

/** The portfolio dashboard ('Cartera') and its tables as CSV. */
export const staffPortfolioRows = {
  getPortfolio: defineStaffEndpoint({
    method: 'GET',
    path: '/portfolio',
    access: 'portfolio.read',
    summary:
      'Outstanding principal, disbursed and collected per week (12 weeks), arrears buckets and PAR30, on today’s Tegucigalpa date',
    response: jsonResponse(portfolioSummary),
  }),
  exportPortfolioWeeks: defineStaffEndpoint({
    method: 'GET',
    path: '/portfolio/weeks',
    access: 'portfolio.read',
    summary: 'Disbursed and collected per week as CSV (UTF-8 with BOM, amounts in lempiras)',
    response: csv,
  }),
  exportPortfolioBuckets: defineStaffEndpoint({
    method: 'GET',
    path: '/portfolio/buckets',
    access: 'portfolio.read',
    summary: 'The arrears buckets and PAR30 as CSV (UTF-8 with BOM, amounts in lempiras)',
    response: csv,
  }),
};
