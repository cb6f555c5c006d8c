import type { PayloadOf } from '@prestamos-hn/contract';
import { queryOptions } from '@tanstack/react-query';
import { callLegacy } from './api-client';
import { queryKeys } from './query-keys';

// The resources several features read. Each is fetched and held once, as the server answers it;
// a feature takes its part with `select`, so that a change made anywhere shows everywhere.

/** The answer of getProfile.php. */
export type ProfileAnswer = PayloadOf<'getProfile'>;

/** getProfile.php: the profile, its documents, classification, review and e-mail states. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => callLegacy('getProfile', {}, { signal }),
  });
}

/** The profile's fields (status, review outcome, references, bank account...), for `select`. */
export const selectProfileData = (answer: ProfileAnswer) => answer.data;

/** The answer of getCustomerOfferList.php. */
export type LoanListAnswer = PayloadOf<'getCustomerOfferList'>;

/** getCustomerOfferList.php: the borrower's loans from request to closing, and the newest one's status. */
export function loanListQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.loans,
    queryFn: ({ signal }) => callLegacy('getCustomerOfferList', {}, { signal }),
  });
}

/** The option lists of getFieldConstructor.php. */
export type FieldOptions = PayloadOf<'getFieldConstructor'>['data'];

/** getFieldConstructor.php: the option lists (bank, housing, income, business, marital status, education). */
export function fieldOptionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.fieldOptions,
    queryFn: async ({ signal }): Promise<FieldOptions> =>
      (await callLegacy('getFieldConstructor', {}, { signal })).data,
    staleTime: Infinity,
  });
}
