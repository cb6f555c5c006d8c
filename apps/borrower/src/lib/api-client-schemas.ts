import type { CallGroup, EndpointDef } from '@prestamos-hn/contract';

// The contract's schemas, with zod, by group of calls (the modules of the contract's calls/): each a
// chunk of its own, which `callLegacy` downloads while a call's answer is on its way
// (./api-client.ts). An answer builds its own group's schemas, not the whole table's: at Inicio the
// phone's position, the first call the browser makes there, built every row's (decision 024).

/** The envelope every legacy answer comes in. */
export const loadEnvelope = () =>
  import('@prestamos-hn/contract/envelope').then((m) => m.legacyResponseSchema);

/** A group's rows, by call name. */
export type GroupRows = Readonly<Record<string, EndpointDef>>;

/** Each group's rows, downloaded and built when first needed. */
export const groupLoaders: Record<CallGroup, () => Promise<GroupRows>> = {
  accounts: () => import('@prestamos-hn/contract/calls/accounts').then((m) => m.accountCalls),
  census: () => import('@prestamos-hn/contract/calls/census').then((m) => m.censusCalls),
  chat: () => import('@prestamos-hn/contract/calls/chat').then((m) => m.chatCalls),
  loans: () => import('@prestamos-hn/contract/calls/loans').then((m) => m.loanCalls),
  location: () => import('@prestamos-hn/contract/calls/location').then((m) => m.locationCalls),
  notifications: () => import('@prestamos-hn/contract/calls/notifications').then((m) => m.notificationCalls),
  payments: () => import('@prestamos-hn/contract/calls/payments').then((m) => m.paymentCalls),
  profile: () => import('@prestamos-hn/contract/calls/profile').then((m) => m.profileCalls),
  'reference-data': () =>
    import('@prestamos-hn/contract/calls/reference-data').then((m) => m.referenceDataCalls),
  session: () => import('@prestamos-hn/contract/calls/session').then((m) => m.sessionCalls),
};
