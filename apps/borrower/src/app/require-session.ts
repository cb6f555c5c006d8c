import { loginPath } from '../lib/return-path';
import { hasSession } from '../lib/session';

/**
 * Where a logged-in address sends the person instead (SPEC sections 2 and 6): without a stored sid,
 * to /login, which brings them back to the address asked for (`path` with its query) once logged in;
 * null with a session. Whether the sid is still valid is the server's answer: ERS on any call logs
 * out.
 */
export function sessionRedirect(path: string | null = null): string | null {
  return hasSession() ? null : loginPath(path);
}
