import type { APIRequestContext } from '@playwright/test';
import type { StaffApi } from '../../../../e2e/support/staff-api';

/**
 * The staff side of a loan, for journeys that need a disbursed loan (status 3 Pagando, with its
 * instalments): an analyst takes and approves the request, a cashier records the disbursement.
 *
 * This is the ONE place to change once the staff loan routes exist. Today the decisions are only
 * service functions (apps/api/src/services/loans/decisions.ts: decideLoan, recordDisbursement),
 * which the API suite calls in-process (apps/api/test/loans-journey.test.ts); nothing reachable
 * over HTTP from the end-to-end run can approve or disburse a loan, so the journeys that need one
 * are marked `test.fixme` and this helper says why if it is ever called.
 */
export async function disburseLoanForTest(
  _staff: StaffApi,
  _request: APIRequestContext,
  containerId: number,
  _disbursement: { disbursedOn: string; reference: string },
): Promise<void> {
  throw new Error(
    `disburseLoanForTest(${containerId}): the staff loan routes (take, approve, disburse) do not exist yet.`,
  );
}
