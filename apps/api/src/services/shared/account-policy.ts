/**
 * Server-side limits of the accounts (a borrower's and a staff member's) and of one-time codes
 * (SPEC.md leaves them to the server; the resend locks and the code length are the SPEC's, from
 * @prestamos-hn/domain).
 */
import {
  EMAIL_RESEND_LOCK_SECONDS,
  LOGIN_CODE_RESEND_LOCK_SECONDS,
  REGISTRATION_CODE_RESEND_SECONDS,
} from '@prestamos-hn/domain';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const accountPolicy = {
  /** A one-time code is valid this long (valid at exactly 5:00, refused at 5:01). */
  codeTtlMs: 5 * MINUTE_MS,
  /** Tries per code, carried over by a resend; then a new code is needed. */
  maxCodeAttempts: 5,
  /** The tries of the newest code carry over to a resend made within this time. */
  attemptCarryOverMs: HOUR_MS,
  registrationResendLockMs: REGISTRATION_CODE_RESEND_SECONDS * 1000,
  loginResendLockMs: LOGIN_CODE_RESEND_LOCK_SECONDS * 1000,
  emailResendLockMs: EMAIL_RESEND_LOCK_SECONDS * 1000,
  /** E-mails (validation, recovery) sent to one account per hour. */
  maxEmailsPerAccountPerHour: 5,
  rateWindowMs: HOUR_MS,
  /** A confirmed phone may be used to register within this time. */
  phoneVerificationTtlMs: 30 * MINUTE_MS,
  recoveryTokenTtlMs: 30 * MINUTE_MS,
  emailValidationTokenTtlMs: 48 * HOUR_MS,
  /**
   * Wrong login codes (any code, across resends and channels) that lock code entry until the window
   * opened by the first of them ends: 5 tries per code alone would allow 5 per resend.
   */
  maxWrongLoginCodes: 10,
  wrongLoginCodesWindowMs: 30 * MINUTE_MS,
  /** Wrong passwords in a row that lock the account until a password recovery. */
  maxFailedLogins: 100,
} as const;

/**
 * Requests per minute per client IP on each account call (through @fastify/rate-limit), on top of
 * the per-phone and per-account limits above.
 */
export const accountCallsPerMinutePerIp = {
  register: 20,
  otp_cre: 20,
  otp_cmp: 30,
  login: 30,
  otp_login: 20,
  otp_mail: 20,
  otp_cmp_login: 30,
  recovery: 10,
  recoverypwd: 20,
  validatemail: 30,
  resendMail: 20,
  getAccount: 120,
} as const;
