import type { z } from 'zod';
import { staffAccountingRows } from './accounting.ts';
import { staffAuditRows } from './audit.ts';
import { staffAuthRows } from './auth.ts';
import { staffBorrowerRows } from './borrowers.ts';
import { staffChatRows } from './chats.ts';
import { staffCollectionAccountRows } from './collection-accounts.ts';
import { staffCollectionRows } from './collections.ts';
import { staffCatalogRows } from './catalog.ts';
import { staffDashboardRows } from './dashboard.ts';
import { staffHolidayRows } from './holidays.ts';
import type { StaffBinaryAnswer, StaffEndpointDef, StaffJsonResponse } from './endpoint.ts';
import { staffLoanRows } from './loans.ts';
import { staffPayoffRows } from './payoff.ts';
import { staffPortfolioRows } from './portfolio.ts';
import { staffReceiptRows } from './receipts.ts';
import { staffReconciliationRows } from './reconciliation.ts';
import { staffReviewRows } from './reviews.ts';
import { staffAccountRows } from './staff.ts';

/** Where the staff API lives: every row's path is under it. */
export const STAFF_API_BASE = '/api/backoffice';

/**
 * The staff API's rows by area. The API's handlers are grouped the same way (one file per area),
 * each group checked against its area's rows.
 */
export const staffAreas = {
  auth: staffAuthRows,
  staff: staffAccountRows,
  borrowers: staffBorrowerRows,
  reviews: staffReviewRows,
  dashboard: staffDashboardRows,
  audit: staffAuditRows,
  loans: staffLoanRows,
  chats: staffChatRows,
  receipts: staffReceiptRows,
  catalog: staffCatalogRows,
  holidays: staffHolidayRows,
  collectionAccounts: staffCollectionAccountRows,
  collections: staffCollectionRows,
  portfolio: staffPortfolioRows,
  payoff: staffPayoffRows,
  accounting: staffAccountingRows,
  reconciliation: staffReconciliationRows,
};
export type StaffArea = keyof typeof staffAreas;

/**
 * The staff API (`/api/backoffice/*`, REST + JSON) as a table: one row per route with its method,
 * path, access (a permission of the domain's table), parameters, query, body and answer. The API
 * registers a route per row; the back-office's `callStaff(name, input)` is typed from it.
 */
export const staffEndpoints = {
  ...staffAuthRows,
  ...staffAccountRows,
  ...staffBorrowerRows,
  ...staffReviewRows,
  ...staffDashboardRows,
  ...staffAuditRows,
  ...staffLoanRows,
  ...staffChatRows,
  ...staffReceiptRows,
  ...staffCatalogRows,
  ...staffHolidayRows,
  ...staffCollectionAccountRows,
  ...staffCollectionRows,
  ...staffPortfolioRows,
  ...staffPayoffRows,
  ...staffAccountingRows,
  ...staffReconciliationRows,
} satisfies Record<string, StaffEndpointDef>;

export type StaffEndpoints = typeof staffEndpoints;
export type StaffEndpointName = keyof StaffEndpoints;
/** The names of one area's rows, e.g. `StaffEndpointNameOf<'auth'>`. */
export type StaffEndpointNameOf<A extends StaffArea> = keyof (typeof staffAreas)[A] & StaffEndpointName;

export const staffEndpointNames = Object.keys(staffEndpoints) as StaffEndpointName[];

/** The `:names` of a path template: `'/borrowers/:id/files/:fileId'` → `'id' | 'fileId'`. */
export type StaffPathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | StaffPathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What fills a row's path: one value per `:name` (undefined for a path without any). */
export type StaffParamsOf<N extends StaffEndpointName> = [
  StaffPathParamName<StaffEndpoints[N]['path']>,
] extends [never]
  ? undefined
  : Record<StaffPathParamName<StaffEndpoints[N]['path']>, string | number>;

/** What a caller may send as the query string (before the server's defaults and coercion). */
export type StaffQueryOf<N extends StaffEndpointName> = StaffEndpoints[N] extends {
  query: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** What a caller sends as the JSON body (before the server's defaults). */
export type StaffBodyOf<N extends StaffEndpointName> = StaffEndpoints[N] extends {
  body: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** The answer of a row: its JSON as the response schema reads it, or a file's bytes. */
export type StaffResponseOf<N extends StaffEndpointName> =
  StaffEndpoints[N]['response'] extends StaffJsonResponse<infer S> ? z.output<S> : StaffBinaryAnswer;

/** The names of the rows answering file bytes, and of those answering JSON. */
export type StaffBinaryEndpointName = {
  [N in StaffEndpointName]: StaffEndpoints[N]['response'] extends { kind: 'binary' } ? N : never;
}[StaffEndpointName];
/**
 * A row's path with its parameters filled in (each URI-encoded), without the API base:
 * `staffPath('getBorrowerFile', {id: 7})` → `/borrowers/7`. A missing parameter throws.
 */
export function staffPath(
  name: StaffEndpointName,
  params?: Readonly<Record<string, string | number>>,
): string {
  return staffEndpoints[name].path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`staffPath: ${name} needs the parameter "${key}".`);
    return encodeURIComponent(String(value));
  });
}
