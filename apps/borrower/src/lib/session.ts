import type { AccountSummary } from '@prestamos-hn/contract';
import { renderScope } from './render-scope';

/**
 * The borrower's session on this device (SPEC section 3): the `sid` in local storage under the
 * session id key, and the session data (who is logged in: names, e-mail, masked phone, e-mail
 * status). Nothing else secret is stored (docs/security.md): no password, no code.
 */
export const SESSION_STORAGE_KEY = 'sid';
export const SESSION_DATA_STORAGE_KEY = 'sessionData';

export function getSid(): string | null {
  const scope = renderScope();
  if (scope) return scope.sid;
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function hasSession(): boolean {
  return Boolean(getSid());
}

export function setSid(sid: string): void {
  localStorage.setItem(SESSION_STORAGE_KEY, sid);
}

/** Forgets the session: the sid and its data. */
export function clearSid(): void {
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    localStorage.removeItem(SESSION_DATA_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}

/** Keeps the session and its (non-secret) data, as login and registration answer them. */
export function startSession(sid: string, data: AccountSummary): void {
  setSid(sid);
  setSessionData(data);
}

export function setSessionData(data: AccountSummary): void {
  try {
    localStorage.setItem(SESSION_DATA_STORAGE_KEY, JSON.stringify(data));
  } catch {
    // Storage unavailable: the screens read the account from the server anyway.
  }
}

export function getSessionData(): AccountSummary | null {
  const scope = renderScope();
  if (scope) return scope.sessionData;
  try {
    const stored = localStorage.getItem(SESSION_DATA_STORAGE_KEY);
    return stored ? (JSON.parse(stored) as AccountSummary) : null;
  } catch {
    return null;
  }
}
