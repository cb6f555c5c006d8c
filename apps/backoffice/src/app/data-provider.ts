import type { DataProvider } from 'react-admin';
import { listAudit } from '../features/audit/api/list-audit';
import { createProduct } from '../features/catalog/api/create-product';
import { createPurpose } from '../features/catalog/api/create-purpose';
import { getProduct, listProducts } from '../features/catalog/api/list-products';
import { getPurpose, listPurposes } from '../features/catalog/api/list-purposes';
import { updateProduct } from '../features/catalog/api/update-product';
import { updatePurpose } from '../features/catalog/api/update-purpose';
import {
  getCollectionAccount,
  listCollectionAccounts,
} from '../features/collection-accounts/api/list-collection-accounts';
import {
  createCollectionAccount,
  updateCollectionAccount,
} from '../features/collection-accounts/api/save-collection-account';
import { getCollectionsFile } from '../features/collections/api/get-collections-file';
import { listCollections } from '../features/collections/api/list-collections';
import { getChat } from '../features/chat/api/get-chat';
import { listChats } from '../features/chat/api/list-chats';
import { getBorrowerFile } from '../features/borrowers/api/get-borrower-file';
import { listBorrowers } from '../features/borrowers/api/list-borrowers';
import { getLoanFile } from '../features/loans/api/get-loan-file';
import { listLoans } from '../features/loans/api/list-loans';
import { listReviewQueue } from '../features/reviews/api/list-review-queue';
import { getReceipt } from '../features/receipts/api/get-receipt';
import { listReceipts } from '../features/receipts/api/list-receipts';
import { createStaff } from '../features/staff/api/create-staff';
import { getStaffMember, listStaff } from '../features/staff/api/list-staff';
import { updateStaff } from '../features/staff/api/update-staff';
import { createDataProvider } from '../lib/data-provider';

/**
 * react-admin's dataProvider over the staff API: each resource's calls come from its feature's
 * `api/` files (one per call, typed by the contract). The calls screens make outside CRUD (decisions,
 * the dashboard, the ledger) do not pass through it: their hooks bind them with `useStaffCall`.
 */
export const dataProvider: DataProvider = createDataProvider({
  borrowers: { getList: listBorrowers, getOne: getBorrowerFile },
  reviews: { getList: listReviewQueue },
  receipts: { getList: listReceipts, getOne: getReceipt },
  loans: { getList: listLoans, getOne: getLoanFile },
  collections: { getList: listCollections, getOne: getCollectionsFile },
  audit: { getList: listAudit },
  staff: { getList: listStaff, getOne: getStaffMember, create: createStaff, update: updateStaff },
  chats: { getList: listChats, getOne: getChat },
  products: { getList: listProducts, getOne: getProduct, create: createProduct, update: updateProduct },
  purposes: { getList: listPurposes, getOne: getPurpose, create: createPurpose, update: updatePurpose },
  'collection-accounts': {
    getList: listCollectionAccounts,
    getOne: getCollectionAccount,
    create: createCollectionAccount,
    update: updateCollectionAccount,
  },
});
