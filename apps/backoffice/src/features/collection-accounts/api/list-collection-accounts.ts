import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import type { GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import { queryKeys } from '../../../lib/query-keys';
import { findInWholeList, pageOfWholeList } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type CollectionAccountRecord = StaffResponseOf<'listCollectionAccounts'>['items'][number];

/** Every collection account (deactivated ones too), in the order borrowers see them, paged here. */
export async function listCollectionAccounts(
  params: GetListParams,
): Promise<GetListResult<CollectionAccountRecord>> {
  const { items } = await callStaff('listCollectionAccounts', {}, { signal: params.signal });
  return pageOfWholeList(items, params);
}

/** One account, from the whole list (there is no route for one). */
export async function getCollectionAccount(
  params: GetOneParams,
): Promise<GetOneResult<CollectionAccountRecord>> {
  const { items } = await callStaff('listCollectionAccounts', {}, { signal: params.signal });
  return findInWholeList(items, params, 'No encontramos esa cuenta de cobro.');
}

/** The registered banks an account may be at, as the form's choices. */
export function useBankChoices() {
  const call = useStaffCall((signal?: AbortSignal) =>
    callStaff('listCollectionAccounts', {}, signal ? { signal } : {}),
  );
  return useQuery({
    queryKey: queryKeys.collectionAccounts,
    queryFn: ({ signal }) => call(signal),
    select: (answer) => answer.banks.map((bank) => ({ id: bank.code, name: bank.name })),
  });
}
