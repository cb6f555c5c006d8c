import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { CreateParams, CreateResult, UpdateParams, UpdateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import type { CollectionAccountRecord } from './list-collection-accounts';
import { accountChanges } from '../utils/account-changes';

/** An admin adds a collection account (active at once unless switched off). */
export async function createCollectionAccount(
  params: CreateParams,
): Promise<CreateResult<CollectionAccountRecord>> {
  const data: Partial<StaffBodyOf<'createCollectionAccount'>> = params.data;
  const { account } = await callStaff('createCollectionAccount', {
    body: {
      bankCode: Number(data.bankCode),
      accountNumber: data.accountNumber ?? '',
      holderName: data.holderName ?? '',
      ...(data.sortOrder !== undefined && data.sortOrder !== null
        ? { sortOrder: Number(data.sortOrder) }
        : {}),
      ...(data.active !== undefined ? { active: data.active } : {}),
    },
  });
  return { data: account };
}

/** An admin edits or deactivates an account: only what changed is sent. */
export async function updateCollectionAccount(
  params: UpdateParams,
): Promise<UpdateResult<CollectionAccountRecord>> {
  const previous: CollectionAccountRecord = params.previousData;
  const changes = accountChanges(previous, params.data);
  if (Object.keys(changes).length === 0) return { data: previous };
  const { account } = await callStaff('updateCollectionAccount', {
    params: { id: previous.id },
    body: changes,
  });
  return { data: account };
}
