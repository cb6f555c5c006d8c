import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  createCollectionAccount,
  listCollectionAccounts,
  updateCollectionAccount,
} from '../../services/collection-accounts.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The lender's collection accounts: where borrowers deposit (every staff member reads, admins change). */
export const collectionAccountHandlers = {
  listCollectionAccounts: ({ deps }) => listCollectionAccounts(deps),
  createCollectionAccount: async ({ deps, body, session }) => ({
    account: await createCollectionAccount(deps, session.staff, body),
  }),
  updateCollectionAccount: async ({ deps, params, body, session }) => ({
    account: await updateCollectionAccount(deps, session.staff, params.id, body),
  }),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'collectionAccounts'>>;
