export * from './envelope.ts';
export * from './endpoint.ts';
export * from './endpoints.ts';
export * from './endpoint-routes.ts';
export * from './first-screen.ts';
export * from './wire-names.ts';
export { decodeRecoveryLinkData, encodeRecoveryLinkData } from './recovery-link.ts';
export type { RecoveryLink } from './recovery-link.ts';
export { censusAnswer, censusData } from './calls/census.ts';
export type { CensusAnswer } from './calls/census.ts';
export { fieldConstructorLists, optionList } from './calls/reference-data.ts';
export { accountSummary } from './calls/accounts.ts';
export type { AccountSummary } from './calls/accounts.ts';
export { locationAnswer, locationMessages, LOCATION_DEVICE_NAME_MAX } from './calls/location.ts';
export type { LocationAnswer } from './calls/location.ts';
export { notificationItem, notificationMessages } from './calls/notifications.ts';
export type { NotificationItem } from './calls/notifications.ts';
export {
  bankAccountItem,
  editableProfileFields,
  locationLists,
  profileCalls,
  profileData,
  profileFile,
} from './calls/profile.ts';
export { profileFileFields } from './calls/profile-files.ts';
export { profileMessages } from './calls/profile-messages.ts';
export type {
  BankAccountItem,
  LocationLists,
  ProfileData,
  ProfileChangeField,
  ProfileChanges,
  ProfileFile,
} from './calls/profile.ts';
export type { ProfileFileField } from './calls/profile-files.ts';
export {
  applicationProfile,
  customerOfferList,
  documentEvidence,
  documentPreview,
  invoice,
  invoicePreview,
  loanCalls,
  loanItem,
  priceListItem,
  productItem,
  productTypes,
  purposeItem,
  scheduleItem,
} from './calls/loans.ts';
export {
  fromWireApplicationProfile,
  fromWireInstalment,
  fromWireInvoicePreview,
  fromWireQuote,
  toWireApplicationProfile,
  toWireInstalment,
  toWireInvoicePreview,
  toWireQuote,
} from './calls/loans-wire.ts';
export { loanMessages } from './calls/loan-messages.ts';
export type {
  ApplicationProfile,
  CustomerOfferList,
  DocumentEvidence,
  DocumentPreview,
  Invoice,
  InvoicePreview,
  LoanItem,
  PriceListItem,
  ProductItem,
  ScheduleItem,
} from './calls/loans.ts';
export * from './staff/endpoint.ts';
export * from './staff/endpoints.ts';
export { idField, isoDate, isoInstant, pageQuery, paged, staffErrorBody } from './staff/fields.ts';
export type { StaffErrorBody } from './staff/fields.ts';
export {
  STAFF_PASSWORD_MIN_LENGTH,
  changeOwnPasswordBody,
  codeBody,
  loginBody,
  staffMember,
} from './staff/auth.ts';
export { createStaffBody, staffAccount, updateStaffBody } from './staff/staff.ts';
export {
  borrowerFile,
  borrowerParams,
  CENSUS_COMPARISON_FIELDS,
  REGISTER_SORTS,
  registerItem,
  registerQuery,
} from './staff/borrowers.ts';
export { decisionBody, queueItem } from './staff/reviews.ts';
export { auditItem, auditQuery } from './staff/audit.ts';
export {
  CHAT_STATE_LABELS,
  chatConversation,
  chatListItem,
  STAFF_CHAT_EVENTS_PATH,
  STAFF_CHAT_MESSAGE_EVENT,
  STAFF_CHAT_REFRESH_EVENT,
  staffChatMessage,
} from './staff/chats.ts';
export { receiptDecisionBody, receiptListQuery } from './staff/receipts.ts';
export { catalogMessages, priceListBody, TEMPLATE_KINDS, type TemplateKind } from './staff/catalog.ts';
export {
  createHolidayBody,
  HOLIDAY_NAME_MAX,
  HOLIDAY_YEAR_MAX,
  HOLIDAY_YEAR_MIN,
  holidayMessages,
} from './staff/holidays.ts';
export {
  COLLECTION_ACCOUNT_HOLDER_MAX,
  COLLECTION_ACCOUNT_NUMBER_MAX,
  COLLECTION_ACCOUNT_SORT_MAX,
  collectionAccountItem,
  collectionAccountMessages,
  createCollectionAccountBody,
  updateCollectionAccountBody,
} from './staff/collection-accounts.ts';
export type { CollectionAccountItem } from './staff/collection-accounts.ts';
export {
  disbursementBody,
  disbursementReversal,
  disbursementReversalBody,
  loanDecisionBody,
  loanFile,
  loanListItem,
  staffBankAccount,
} from './staff/loans.ts';
export {
  collectionNoteBody,
  collectionStageBody,
  COLLECTIONS_STATUSES,
  paymentPromiseBody,
} from './staff/collections.ts';
export { portfolioSummary } from './staff/portfolio.ts';
export { loanPayoff, REFUND_REFERENCE_MAX, refundBody, refundResult } from './staff/payoff.ts';
export {
  accountLedger,
  journalEntryItem,
  journalExportQuery,
  journalQuery,
  ledgerAccountItem,
  staffAlertItem,
  trialBalance,
} from './staff/accounting.ts';
export * from './openapi.ts';
export {
  CHAT_EVENTS_PATH,
  CHAT_MESSAGE_EVENT,
  chatCalls,
  chatClientId,
  chatMessageItem,
  chatMessages,
  chatMessagesPage,
  chatOffice,
} from './calls/chat.ts';
export type { ChatMessageItem, ChatMessagesPage, ChatOffice } from './calls/chat.ts';
export {
  collectionAccountPayload,
  loanPaymentsPayload,
  paymentCalls,
  payoffQuotePayload,
} from './calls/payments.ts';
export {
  fromWireLoanPayments,
  fromWirePayoffQuote,
  toWireLoanPayments,
  toWirePayoffQuote,
} from './calls/payments-wire.ts';
export { paymentMessages, REFERENCE_EXISTS, REFERENCE_FREE } from './calls/payment-messages.ts';
export type {
  CollectionAccountWire,
  LoanPayments,
  LoanPaymentsWire,
  PayoffQuoteWire,
  PayoffSummary,
} from './calls/payments.ts';
