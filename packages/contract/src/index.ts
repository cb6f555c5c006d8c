export * from './envelope.ts';
export * from './endpoint.ts';
export * from './endpoints.ts';
export { censusAnswer, censusData } from './calls/census.ts';
export type { CensusAnswer, CensusData } from './calls/census.ts';
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
  profileFileFields,
  profileMessages,
} from './calls/profile.ts';
export type {
  BankAccountItem,
  EditableProfileField,
  LocationLists,
  ProfileData,
  ProfileFile,
  ProfileFileField,
} from './calls/profile.ts';
export {
  applicationProfile,
  customerOfferList,
  documentPreview,
  invoice,
  loanCalls,
  loanItem,
  loanMessages,
  priceListItem,
  productItem,
  productTypes,
  purposeItem,
  scheduleItem,
} from './calls/loans.ts';
export type {
  ApplicationProfile,
  CustomerOfferList,
  DocumentPreview,
  Invoice,
  LoanItem,
  PriceListItem,
  ProductItem,
  PurposeItem,
  ScheduleItem,
} from './calls/loans.ts';
export { paymentCalls, paymentMessages, REFERENCE_EXISTS, REFERENCE_FREE } from './calls/payments.ts';
