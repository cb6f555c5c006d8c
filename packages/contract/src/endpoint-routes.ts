import type { EndpointDef } from './endpoint.ts';
import type { EndpointName } from './endpoints.ts';

/** What a client needs to send a legacy call: its address and who may make it, without its schemas. */
export type EndpointRoute = Pick<EndpointDef, 'file' | 'access' | 'method' | 'envelope'>;

const route = (file: string, options: Partial<Omit<EndpointRoute, 'file'>> = {}): EndpointRoute => ({
  file,
  access: options.access ?? 'session',
  method: options.method ?? 'POST',
  envelope: options.envelope ?? 'legacy',
});

/**
 * Each row of `endpoints` (./endpoints.ts) without zod: the borrower app sends a call with this
 * table and downloads the schemas that read the answer while the answer is on its way, so no screen
 * waits for the whole contract and zod before it paints (issue 33). endpoint-routes.test.ts checks it
 * against `endpoints`, row by row.
 */
export const endpointRoutes = {
  register: route('register.php', { access: 'public' }),
  getPrivacyTerms: route('getPrivacyTerms.php', { access: 'public' }),
  otp_cre: route('otp_cre.php', { access: 'public' }),
  otp_cmp: route('otp_cmp.php', { access: 'public' }),
  login: route('login.php', { access: 'public' }),
  otp_login: route('otp_login.php', { access: 'pending-session' }),
  otp_mail: route('otp_mail.php', { access: 'pending-session' }),
  otp_cmp_login: route('otp_cmp_login.php', { access: 'pending-session' }),
  recovery: route('recovery.php', { access: 'public' }),
  recoverypwd: route('recoverypwd.php', { access: 'public' }),
  validatemail: route('validatemail.php', { access: 'public', method: 'GET' }),
  resendMail: route('resendMail.php'),
  getAccount: route('getAccount.php'),
  validardatoscenso: route('validardatoscenso.php', { access: 'public', method: 'GET', envelope: 'census' }),
  getChatMessages: route('getChatMessages.php'),
  postChatMessage: route('postChatMessage.php'),
  getChatUnread: route('getChatUnread.php'),
  markChatRead: route('markChatRead.php'),
  getChatTicket: route('getChatTicket.php'),
  getApplicationProfilev2: route('getApplicationProfilev2.php'),
  getApplicationProfile: route('getApplicationProfile.php'),
  getPurposeList: route('getPurposeList.php'),
  getCustomerOfferList: route('getCustomerOfferList.php'),
  get_contractPre: route('get_contractPre.php'),
  get_pagarePre: route('get_pagarePre.php'),
  getFactura: route('getFactura.php'),
  getFacturaPre: route('getFacturaPre.php'),
  postOffer: route('postOffer.php'),
  getBorrowerRepaymentSchedule: route('getBorrowerRepaymentSchedule.php'),
  post_locations: route('post_locations'),
  getNotification: route('getNotification.php'),
  delNotification: route('delNotification.php'),
  getNotificationNum: route('getNotificationNum.php'),
  readNotifications: route('readNotifications.php'),
  send_recipemail: route('send_recipemail.php'),
  getPagosReference: route('getPagosReference.php'),
  getCollectionAccounts: route('getCollectionAccounts.php'),
  getLoanPayments: route('getLoanPayments.php'),
  getPayoffQuote: route('getPayoffQuote.php'),
  register2: route('register2.php'),
  getProfile: route('getProfile.php'),
  putProfile: route('putProfile.php'),
  putProfileFile: route('putProfileFile.php'),
  otp_upd: route('otp_upd.php'),
  sendBankAccountCode: route('sendBankAccountCode.php'),
  PostResetPassword: route('PostResetPassword.php'),
  send_confirmdata: route('send_confirmdata.php'),
  get_bankaccount: route('get_bankaccount.php'),
  getCSAS: route('getCSAS.php'),
  getWalletInfo: route('getWalletInfo.php'),
  getLocations: route('getLocations.php'),
  getFieldConstructor: route('getFieldConstructor.php'),
  logout: route('logout.php', { access: 'pending-session' }),
} satisfies Record<EndpointName, EndpointRoute>;
