import { expect, type APIRequestContext } from '@playwright/test';
import { postOfferAsApp } from './legacy-api';
import { TEGUCIGALPA } from './borrower-browser';
import { DEMO_CASHIER, decideLoan, recordDisbursement, staffLogin, type StaffApi } from './staff-api';

/**
 * A loan from request to disbursement through the two APIs, for the journeys that start from a
 * borrower with a loan (the plan, the cashier desk, collections, the chat inbox): the borrower's
 * phone reports Tegucigalpa and requests through the legacy API, the loan desk decides and pays out
 * through the staff API.
 */

/** The request of these journeys: L 1,000.00, monthly, 90 days (3 payments), first purpose, product 3. */
export const DESK_LOAN_REQUEST = { amount: 1000, period: 90, purpose: 1, productId: 3 } as const;

/** The phone sends its location (post_locations, no '.php': SPEC section 7); a request needs it. */
export async function locateInTegucigalpa(request: APIRequestContext, sid: string): Promise<void> {
  const located = await request.post('/api/app/post_locations', {
    data: {
      sid,
      idClient: 1,
      ip: '127.0.0.1',
      navegador: 'Chrome',
      sistema_operativo: 'Android',
      ...TEGUCIGALPA,
    },
  });
  expect(((await located.json()) as { status: string }).status).toBe('OK');
}

/**
 * An approved borrower, located in Tegucigalpa, reads both documents and requests `loan`
 * (postOffer.php, status 0 Enviado): answers the loan's id (`container_id`).
 */
export async function requestLoanThroughApi(
  request: APIRequestContext,
  sid: string,
  loan: typeof DESK_LOAN_REQUEST = DESK_LOAN_REQUEST,
): Promise<number> {
  await locateInTegucigalpa(request, sid);
  const offer = await postOfferAsApp(request, { sid, ...loan });
  expect(offer.status, `postOffer: ${JSON.stringify(offer.payload)}`).toBe('OK');
  return offer.payload.container_id as number;
}

/** The demo cashier, logged in once per server and worker (a login code per test would hit its resend lock). */
const cashiers = new Map<string, Promise<StaffApi>>();
export function demoCashier(baseURL: string): Promise<StaffApi> {
  let cashier = cashiers.get(baseURL);
  if (!cashier) {
    cashier = staffLogin(baseURL, DEMO_CASHIER);
    cashiers.set(baseURL, cashier);
  }
  return cashier;
}

/**
 * The staff side: `staff` takes and approves the request, the demo cashier records the disbursement
 * (the person who approved a loan may not record it: issue 31). The loan is then 3 Pagando, with its
 * instalments.
 */
export async function disburseLoanForTest(
  staff: StaffApi,
  loanId: number,
  disbursement: { disbursedOn: string; reference: string },
): Promise<void> {
  await decideLoan(staff, loanId, { decision: 'take' });
  await decideLoan(staff, loanId, { decision: 'approve' });
  await recordDisbursement(await demoCashier(staff.baseURL), loanId, disbursement);
}
