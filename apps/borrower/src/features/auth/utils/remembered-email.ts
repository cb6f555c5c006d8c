/**
 * Remember-me keeps the e-mail only, never the password (docs/security.md: a deliberate difference
 * from the legacy app, which stored both).
 */
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

export function getRememberedEmail(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function rememberEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
    else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
  } catch {
    // Storage unavailable: nothing is remembered.
  }
}
