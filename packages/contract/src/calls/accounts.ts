import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fromWire } from '../wire-names.ts';

// Request schemas here describe the wire (which fields, which types) and rename the legacy fields to
// the English names the services use (`fromWire`). The business rules of each form (lengths, census
// match, password complexity...) are @prestamos-hn/domain's schemas, which the services apply to the
// renamed input with the parameters only the server knows (today, census).
const text = z.string().default('');
const message = z.object({ message: z.string() });

/** The borrower as the app shows them right after login or registration. */
export const accountSummary = z.object({
  realname: z.string(),
  surname: z.string(),
  email: z.string(),
  /** The phone with all but its last two digits hidden, e.g. `******34`. */
  mob_phone: z.string(),
  /** 'CMP' once the e-mail is confirmed. */
  MailEst: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const accountCalls = {
  /** Stage 1 (SPEC section 3's registration payload). OK answers an active session. */
  register: defineEndpoint({
    file: 'register.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({
      identityNumber: ['UsrDNI', text],
      firstName: ['UsrNom1', text],
      secondName: ['UsrNom2', text],
      firstSurname: ['UsrApe1', text],
      secondSurname: ['UsrApe2', text],
      email: ['UsrMail', text],
      gender: ['UsrGen', text],
      password: ['UsrPwd', text],
      birthDate: ['UsrFchNac', text],
      phone: ['UsrTel', text],
      /**
       * Not in the SPEC's payload (issue 35 point 9): the version of the privacy terms the borrower
       * read and accepted (getPrivacyTerms.php); a version no longer current is refused. Left out,
       * the current one is recorded.
       */
      privacyTermsVersion: ['UsrPrivVer', z.union([z.number().int(), z.string()]).optional()],
    }),
    payload: z.object({ message: z.string(), sid: z.string(), data: accountSummary }),
  }),
  /**
   * Not in the SPEC (issue 35 point 9): the privacy terms the registration's terms dialog shows, the
   * current version of the admin-edited template, as HTML (only headings, paragraphs, lists, emphasis).
   */
  getPrivacyTerms: defineEndpoint({
    file: 'getPrivacyTerms.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ version: z.number().int(), title: z.string(), html: z.string() }),
  }),
  /** Sends the registration code by SMS to a phone not yet registered. */
  otp_cre: defineEndpoint({
    file: 'otp_cre.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ phone: ['UsrTel', text] }),
    payload: message,
  }),
  /** Confirms the registration code for that phone. */
  otp_cmp: defineEndpoint({
    file: 'otp_cmp.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ phone: ['UsrTel', text], code: ['OtpCod', text] }),
    payload: message,
  }),
  /** E-mail and password. OK answers a session that waits for its login code (sent by SMS). */
  login: defineEndpoint({
    file: 'login.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ email: ['UsrUsr', text], password: ['UsrPwd', text] }),
    payload: z.object({ message: z.string(), sid: z.string(), data: accountSummary }),
  }),
  /** (Re)sends the login code by SMS. */
  otp_login: defineEndpoint({
    file: 'otp_login.php',
    access: 'pending-session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: message,
  }),
  /** Sends the login code to the e-mail instead. */
  otp_mail: defineEndpoint({
    file: 'otp_mail.php',
    access: 'pending-session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: message,
  }),
  /**
   * Confirms the login code. The waiting session ends and `sid` is the active session that replaces
   * it (the app stores it in place of the one login.php gave; absent when the session was already
   * active). Not in the SPEC's row: added so that no pre-code token becomes the session (issue 15).
   */
  otp_cmp_login: defineEndpoint({
    file: 'otp_cmp_login.php',
    access: 'pending-session',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ code: ['OtpLNum', text] }),
    payload: z.object({ message: z.string(), sid: z.string().optional() }),
  }),
  /** Sends the recovery link; the same answer for known and unknown e-mails. */
  recovery: defineEndpoint({
    file: 'recovery.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ email: ['UsrMail', text] }),
    payload: message,
  }),
  /**
   * Sets a new password. `UsrMail` and `NewPwd` come from the link's base64 JSON (`{UsrMail, newPWD}`,
   * where `newPWD` is a single-use token, never a password); `UsrPwd` is the typed new password.
   */
  recoverypwd: defineEndpoint({
    file: 'recoverypwd.php',
    access: 'public',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ email: ['UsrMail', text], token: ['NewPwd', text], password: ['UsrPwd', text] }),
    payload: message,
  }),
  /** The e-mail validation link's token. ER with `payload.status` 'CMP' means already validated. */
  validatemail: defineEndpoint({
    file: 'validatemail.php',
    access: 'public',
    method: 'GET',
    envelope: 'legacy',
    request: z.object({ code: text }),
    payload: message,
  }),
  /** Sends the e-mail validation link again. */
  resendMail: defineEndpoint({
    file: 'resendMail.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: message,
  }),
  /** Who is logged in, and whether the e-mail is confirmed (the profile issue extends the profile call). */
  getAccount: defineEndpoint({
    file: 'getAccount.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ data: accountSummary }),
  }),
};
