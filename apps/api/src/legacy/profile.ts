import { completeStage2 } from '../services/profile/stage-2.ts';
import { saveProfileFiles } from '../services/profile/documents.ts';
import { updateProfile } from '../services/profile/edit-profile.ts';
import { changePassword } from '../services/profile/password-change.ts';
import { sendBankAccountCode } from '../services/profile/bank-account.ts';
import { sendPhoneChangeCode } from '../services/profile/phone-change.ts';
import { getWalletInfo } from '../services/payments/ledger.ts';
import { getClassification, getOwnProfile, listBankAccounts } from '../services/profile/read-profile.ts';
import { getLocationLists } from '../services/profile/reference-checks.ts';
import { sendProfileForReview } from '../services/profile/send-for-review.ts';
import type { HandlerTable, OneStatementTable } from './handler.ts';

/** Profile, documents, phone, bank-account and password changes, review, bank accounts, wallet (SPEC sections 2-5, 7). */
export const profileHandlers = {
  register2: ({ deps, session, input }) => completeStage2(deps, session.borrowerId, input),
  putProfile: ({ deps, session, input }) => updateProfile(deps, session.borrowerId, input.changes),
  putProfileFile: ({ deps, session, files }) => saveProfileFiles(deps, session.borrowerId, files ?? []),
  otp_upd: ({ deps, session, input, ip }) => sendPhoneChangeCode(deps, session.borrowerId, input, ip),
  sendBankAccountCode: ({ deps, session, input, ip }) =>
    sendBankAccountCode(deps, session.borrowerId, input, ip),
  PostResetPassword: ({ deps, session, input }) => changePassword(deps, session, input),
  send_confirmdata: ({ deps, session }) => sendProfileForReview(deps, session.borrowerId),
  get_bankaccount: ({ deps, session }) => listBankAccounts(deps, session.borrowerId),
  getCSAS: ({ deps, session }) => getClassification(deps, session.borrowerId),
  getWalletInfo: ({ deps, session, input }) => getWalletInfo(deps, session.borrowerId, input.ContainerId),
  getLocations: ({ deps }) => getLocationLists(deps),
} satisfies HandlerTable<
  | 'register2'
  | 'putProfile'
  | 'putProfileFile'
  | 'otp_upd'
  | 'sendBankAccountCode'
  | 'PostResetPassword'
  | 'send_confirmdata'
  | 'get_bankaccount'
  | 'getCSAS'
  | 'getWalletInfo'
  | 'getLocations'
>;

/** getProfile.php, made on each load of /perfil: one statement with the session check. */
export const profileOneStatementHandlers = {
  getProfile: async ({ deps, sid, parseInput }) => {
    const answer = await getOwnProfile(deps, sid);
    parseInput();
    return answer;
  },
} satisfies OneStatementTable<'getProfile'>;
