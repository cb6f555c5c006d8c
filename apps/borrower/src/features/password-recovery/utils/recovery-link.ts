/** What the e-mailed change-password link carries: the e-mail and a single-use token (never a password). */
export interface RecoveryLinkPayload {
  UsrMail: string;
  /** The legacy name; since docs/security.md, a random single-use token valid 30 minutes. */
  newPWD: string;
}

/**
 * Decodes the `{data}` of /recuperarpass/{data}: base64 (standard or URL-safe, padded or not, maybe
 * percent-encoded) of the JSON `{UsrMail, newPWD}`. Null when it is not such a payload.
 */
export function decodeRecoveryLink(data: string): RecoveryLinkPayload | null {
  try {
    const base64 = decodeURIComponent(data).trim().replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { UsrMail, newPWD } = parsed as Record<string, unknown>;
    if (typeof UsrMail !== 'string' || typeof newPWD !== 'string' || !UsrMail || !newPWD) return null;
    return { UsrMail, newPWD };
  } catch {
    return null;
  }
}
