import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of e-mailed links, a borrower's (email_tokens) or a staff member's
 * (staff_password_links): 256 random bits in the link, only their SHA-256 stored.
 */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new 256-bit token for an e-mailed link and its SHA-256. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** Whether `token` can be one of newLinkToken's (anything else is not looked up). */
export const isLinkTokenShape = (token: string): boolean => TOKEN_PATTERN.test(token);
