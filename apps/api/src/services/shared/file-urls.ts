import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';

/** What signing and checking a URL need of a service's deps: the server's key and URL, the clock. */
type SigningDeps = { config: Config; clock: Clock };

/** How long a signed document URL works. */
export const FILE_URL_TTL_SECONDS = 15 * 60;

function signature(secret: Buffer, subject: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${subject}:${expiresAt}`).digest('base64url');
}

/**
 * A full URL to `path` (under the public URL) signed for `subject` with the server's key, valid for
 * 15 minutes: `${publicUrl}${path}?exp=<unix seconds>&sig=<HMAC-SHA256 of "subject:exp">`. The
 * subject names what the URL opens (`file:<id>`, `loan-contract:<id>`), so a signature for one thing
 * never opens another.
 */
export function signedUrl(deps: SigningDeps, path: string, subject: string): string {
  const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + FILE_URL_TTL_SECONDS;
  const sig = signature(deps.config.uploads.urlSecret, subject, expiresAt);
  return `${deps.config.publicUrl}${path}?exp=${expiresAt}&sig=${sig}`;
}

/** Whether `exp` and `sig` are a valid, unexpired signature for `subject`; the seconds left, or null. */
export function checkSignature(
  deps: SigningDeps,
  subject: string,
  exp: unknown,
  sig: unknown,
): number | null {
  if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string') return null;
  const expiresAt = Number(exp);
  const left = expiresAt - Math.floor(deps.clock.now().getTime() / 1000);
  if (left <= 0) return null;
  const expected = Buffer.from(signature(deps.config.uploads.urlSecret, subject, expiresAt));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? left : null;
}

/**
 * A full URL to one stored document, signed with the server's key and valid for 15 minutes:
 * `${publicUrl}/api/files/<id>?exp=<unix seconds>&sig=<HMAC-SHA256>`. Whoever holds it may read the
 * file until it expires, so it is only ever given to the file's owner (and staff).
 */
export function signedFileUrl(deps: SigningDeps, fileId: number): string {
  return signedUrl(deps, `/api/files/${fileId}`, `file:${fileId}`);
}

/** What a signed file URL opens: a borrower's document (`file`) or a chat photo (`chat`, by message id). */
export type SignedFileScope = 'file' | 'chat';

/**
 * The same for the photo of a chat message: `${publicUrl}/api/files/chat/<message id>?exp=&sig=`,
 * given only to the borrower of the conversation (staff read photos through their own route).
 */
export function signedChatImageUrl(deps: SigningDeps, messageId: number): string {
  return signedUrl(deps, `/api/files/chat/${messageId}`, `chat:${messageId}`);
}

/**
 * Whether `exp` and `sig` are a valid, unexpired signature for this id (of a document, or of a chat
 * message with `scope` 'chat'); the seconds left, or null.
 */
export function checkFileSignature(
  deps: SigningDeps,
  fileId: number,
  exp: unknown,
  sig: unknown,
  scope: SignedFileScope = 'file',
): number | null {
  return checkSignature(deps, `${scope}:${fileId}`, exp, sig);
}
