import type { EndpointDef } from './endpoint.ts';
import type { EndpointName } from './endpoints.ts';

/**
 * The modules of ./calls that hold the rows, one per area of the contract. A client that reads an
 * answer loads its row's module alone (`@prestamos-hn/contract/calls/<group>`), not the whole table.
 */
export const callGroups = [
  'accounts',
  'census',
  'chat',
  'loans',
  'location',
  'notifications',
  'payments',
  'profile',
  'reference-data',
  'session',
] as const;
export type CallGroup = (typeof callGroups)[number];

/** What a client needs to send a legacy call (its address, who may make it) and where its schemas are. */
export type EndpointRoute = Pick<EndpointDef, 'file' | 'access' | 'method' | 'envelope'> & {
  group: CallGroup;
};

/** The rows of one group, each made from its file name and what differs from a session POST. */
const routesOf =
  (group: CallGroup) =>
  (file: string, options: Partial<Omit<EndpointRoute, 'file' | 'group'>> = {}): EndpointRoute => ({
    file,
    group,
    access: options.access ?? 'session',
    method: options.method ?? 'POST',
    envelope: options.envelope ?? 'legacy',
  });
const accounts = routesOf('accounts');
const census = routesOf('census');
const chat = routesOf('chat');
const loans = routesOf('loans');
const location = routesOf('location');
const notifications = routesOf('notifications');
const payments = routesOf('payments');
const profile = routesOf('profile');
const referenceData = routesOf('reference-data');
const session = routesOf('session');

/**
 * Each row of `endpoints` (./endpoints.ts) without zod: the borrower app sends a call with this
 * table and downloads the schemas that read the answer while the answer is on its way, so no screen
 * waits for the whole contract and zod before it paints (issue 33); it loads only the row's group.
 * endpoint-routes.test.ts checks it against `endpoints` and the group modules, row by row.
 */
export const endpointRoutes = {
  register: accounts('register.php', { access: 'public' }),
  getPrivacyTerms: accounts('getPrivacyTerms.php', { access: 'public' }),
  otp_cre: accounts('otp_cre.php', { access: 'public' }),
  otp_cmp: accounts('otp_cmp.php', { access: 'public' }),
  login: accounts('login.php', { access: 'public' }),
  otp_login: accounts('otp_login.php', { access: 'pending-session' }),
  otp_mail: accounts('otp_mail.php', { access: 'pending-session' }),
  otp_cmp_login: accounts('otp_cmp_login.php', { access: 'pending-session' }),
  recovery: accounts('recovery.php', { access: 'public' }),
  recoverypwd: accounts('recoverypwd.php', { access: 'public' }),
  validatemail: accounts('validatemail.php', { access: 'public', method: 'GET' }),
  resendMail: accounts('resendMail.php'),
  getAccount: accounts('getAccount.php'),
  validardatoscenso: census('validardatoscenso.php', { access: 'public', method: 'GET', envelope: 'census' }),
  getChatMessages: chat('getChatMessages.php'),
  postChatMessage: chat('postChatMessage.php'),
  getChatUnread: chat('getChatUnread.php'),
  markChatRead: chat('markChatRead.php'),
  getChatTicket: chat('getChatTicket.php'),
  getApplicationProfilev2: loans('getApplicationProfilev2.php'),
  getApplicationProfile: loans('getApplicationProfile.php'),
  getPurposeList: loans('getPurposeList.php'),
  getCustomerOfferList: loans('getCustomerOfferList.php'),
  get_contractPre: loans('get_contractPre.php'),
  get_pagarePre: loans('get_pagarePre.php'),
  getFactura: loans('getFactura.php'),
  getFacturaPre: loans('getFacturaPre.php'),
  postOffer: loans('postOffer.php'),
  getBorrowerRepaymentSchedule: loans('getBorrowerRepaymentSchedule.php'),
  post_locations: location('post_locations'),
  getNotification: notifications('getNotification.php'),
  delNotification: notifications('delNotification.php'),
  getNotificationNum: notifications('getNotificationNum.php'),
  readNotifications: notifications('readNotifications.php'),
  send_recipemail: payments('send_recipemail.php'),
  getPagosReference: payments('getPagosReference.php'),
  getCollectionAccounts: payments('getCollectionAccounts.php'),
  getLoanPayments: payments('getLoanPayments.php'),
  getPayoffQuote: payments('getPayoffQuote.php'),
  register2: profile('register2.php'),
  getProfile: profile('getProfile.php'),
  putProfile: profile('putProfile.php'),
  putProfileFile: profile('putProfileFile.php'),
  otp_upd: profile('otp_upd.php'),
  sendBankAccountCode: profile('sendBankAccountCode.php'),
  PostResetPassword: profile('PostResetPassword.php'),
  send_confirmdata: profile('send_confirmdata.php'),
  get_bankaccount: profile('get_bankaccount.php'),
  getCSAS: profile('getCSAS.php'),
  getWalletInfo: profile('getWalletInfo.php'),
  getLocations: profile('getLocations.php'),
  getFieldConstructor: referenceData('getFieldConstructor.php'),
  logout: session('logout.php', { access: 'pending-session' }),
} satisfies Record<EndpointName, EndpointRoute>;
