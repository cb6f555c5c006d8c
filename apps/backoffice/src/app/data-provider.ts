import type { DataProvider } from 'react-admin';
import { listAudit } from '../features/audit/api/list-audit';
import { createProduct } from '../features/catalog/api/create-product';
import { createPurpose } from '../features/catalog/api/create-purpose';
import { getProduct, listProducts } from '../features/catalog/api/list-products';
import { getPurpose, listPurposes } from '../features/catalog/api/list-purposes';
import { listTemplates, type ListTemplatesCalls } from '../features/catalog/api/list-templates';
import { previewTemplate, type PreviewTemplateCalls } from '../features/catalog/api/preview-template';
import {
  saveTemplateVersion,
  type SaveTemplateVersionCalls,
} from '../features/catalog/api/save-template-version';
import { updateProduct } from '../features/catalog/api/update-product';
import { updatePurpose } from '../features/catalog/api/update-purpose';
import {
  addCollectionNote,
  type AddCollectionNoteCalls,
} from '../features/collections/api/add-collection-note';
import {
  addPaymentPromise,
  type AddPaymentPromiseCalls,
} from '../features/collections/api/add-payment-promise';
import {
  changeCollectionStage,
  type ChangeCollectionStageCalls,
} from '../features/collections/api/change-collection-stage';
import { getCollectionsFile } from '../features/collections/api/get-collections-file';
import { listCollections } from '../features/collections/api/list-collections';
import { getPortfolio, type PortfolioCalls } from '../features/portfolio/api/get-portfolio';
import { getDashboard, type DashboardCalls } from '../features/dashboard/api/get-dashboard';
import { answerChat, type AnswerChatCalls } from '../features/chat/api/answer-chat';
import { assignChat, type AssignChatCalls } from '../features/chat/api/assign-chat';
import { closeChat, type CloseChatCalls } from '../features/chat/api/close-chat';
import { getChat } from '../features/chat/api/get-chat';
import { getChatUnread, type ChatUnreadCalls } from '../features/chat/api/get-chat-unread';
import { listChatAssignees, type ChatAssigneeCalls } from '../features/chat/api/list-chat-assignees';
import { listChats } from '../features/chat/api/list-chats';
import { getBorrowerFile } from '../features/borrowers/api/get-borrower-file';
import { listBorrowers } from '../features/borrowers/api/list-borrowers';
import { decideLoan, type DecideLoanCalls } from '../features/loans/api/decide-loan';
import { getLoanFile } from '../features/loans/api/get-loan-file';
import { listLoans } from '../features/loans/api/list-loans';
import { recordDisbursement, type RecordDisbursementCalls } from '../features/loans/api/record-disbursement';
import { decideProfile, type DecideProfileCalls } from '../features/reviews/api/decide-profile';
import { listReviewQueue } from '../features/reviews/api/list-review-queue';
import { decideReceipt, type DecideReceiptCalls } from '../features/receipts/api/decide-receipt';
import { getBorrowerLedger, type BorrowerLedgerCalls } from '../features/receipts/api/get-borrower-ledger';
import { getReceipt } from '../features/receipts/api/get-receipt';
import { listReceipts } from '../features/receipts/api/list-receipts';
import { createStaff } from '../features/staff/api/create-staff';
import { getStaffMember, listStaff } from '../features/staff/api/list-staff';
import { updateStaff } from '../features/staff/api/update-staff';
import { createDataProvider } from '../lib/data-provider';

/**
 * react-admin's dataProvider over the staff API: each resource's calls come from its feature's
 * `api/` files (one per call, typed by the contract), plus the calls screens make outside CRUD.
 */
export const dataProvider = {
  ...createDataProvider({
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
  }),
  decideProfile,
  decideLoan,
  recordDisbursement,
  getDashboard,
  getChatUnread,
  listChatAssignees,
  answerChat,
  assignChat,
  closeChat,
  decideReceipt,
  getBorrowerLedger,
  listTemplates,
  saveTemplateVersion,
  previewTemplate,
  addCollectionNote,
  addPaymentPromise,
  changeCollectionStage,
  getPortfolio,
} satisfies DataProvider &
  DecideProfileCalls &
  DecideLoanCalls &
  RecordDisbursementCalls &
  DashboardCalls &
  ChatUnreadCalls &
  ChatAssigneeCalls &
  AnswerChatCalls &
  AssignChatCalls &
  CloseChatCalls &
  DecideReceiptCalls &
  BorrowerLedgerCalls &
  ListTemplatesCalls &
  SaveTemplateVersionCalls &
  PreviewTemplateCalls &
  AddCollectionNoteCalls &
  AddPaymentPromiseCalls &
  ChangeCollectionStageCalls &
  PortfolioCalls;
