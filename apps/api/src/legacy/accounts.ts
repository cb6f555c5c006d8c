import { confirmLoginCode, logIn, resendLoginCode } from '../services/accounts/login.ts';
import { requestPasswordRecovery, resetPasswordWithToken } from '../services/accounts/recovery.ts';
import {
  confirmRegistrationCode,
  registerBorrower,
  sendRegistrationCode,
} from '../services/accounts/registration.ts';
import { resendValidationEmail, validateEmail } from '../services/accounts/email-validation.ts';
import { getAccountSummary } from '../services/accounts/summary.ts';
import { readPrivacyTerms } from '../services/privacy-terms.ts';
import type { HandlerTable } from './handler.ts';

/** Registration, login with its code, recovery and e-mail validation (SPEC sections 2-5, 7, 8). */
export const accountHandlers = {
  otp_cre: ({ deps, input, ip }) => sendRegistrationCode(deps, input, ip),
  otp_cmp: ({ deps, input }) => confirmRegistrationCode(deps, input),
  register: ({ deps, input, ip, userAgent }) => registerBorrower(deps, input, { ip, userAgent }),
  getPrivacyTerms: ({ deps }) => readPrivacyTerms(deps),
  login: ({ deps, input, ip, userAgent }) => logIn(deps, input, { ip, userAgent }),
  otp_login: ({ deps, session, ip }) => resendLoginCode(deps, session, 'sms', ip),
  otp_mail: ({ deps, session, ip }) => resendLoginCode(deps, session, 'email', ip),
  otp_cmp_login: ({ deps, session, input, ip, userAgent }) =>
    confirmLoginCode(deps, session, input, { ip, userAgent }),
  recovery: ({ deps, input }) => requestPasswordRecovery(deps, input),
  recoverypwd: ({ deps, input }) => resetPasswordWithToken(deps, input),
  validatemail: ({ deps, input }) => validateEmail(deps, input),
  resendMail: ({ deps, session }) => resendValidationEmail(deps, session.borrowerId),
  getAccount: async ({ deps, session }) => ({ data: await getAccountSummary(deps, session.borrowerId) }),
} satisfies HandlerTable<
  | 'otp_cre'
  | 'otp_cmp'
  | 'register'
  | 'getPrivacyTerms'
  | 'login'
  | 'otp_login'
  | 'otp_mail'
  | 'otp_cmp_login'
  | 'recovery'
  | 'recoverypwd'
  | 'validatemail'
  | 'resendMail'
  | 'getAccount'
>;
