/** Base64 and UTF-8 as browsers and Node.js both provide them (this package's lib is plain ES). */
const platform = globalThis as unknown as {
  btoa(binary: string): string;
  atob(base64: string): string;
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

/** What the e-mailed password-recovery link carries: the e-mail and a single-use token (never a password). */
export interface RecoveryLink {
  email: string;
  /** A random single-use token valid 30 minutes (docs/security.md); the legacy payload calls it `newPWD`. */
  token: string;
}

/**
 * The `{data}` of the link's `#/recuperarpass/{data}` route: the legacy payload, standard base64 of
 * the JSON `{"UsrMail", "newPWD"}` (the legacy app decodes it with `atob` after
 * `decodeURIComponent`), percent-encoded because `+`, `/` and `=` are not safe in a hash route.
 */
export function encodeRecoveryLinkData({ email, token }: RecoveryLink): string {
  const bytes = new platform.TextEncoder().encode(JSON.stringify({ UsrMail: email, newPWD: token }));
  return encodeURIComponent(platform.btoa(String.fromCharCode(...bytes)));
}

/**
 * Reads the `{data}` of the link: base64 (standard or URL-safe, padded or not, maybe percent-encoded)
 * of the JSON `{UsrMail, newPWD}`. Null when it is not such a payload.
 */
export function decodeRecoveryLinkData(data: string): RecoveryLink | null {
  try {
    const base64 = decodeURIComponent(data).trim().replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const bytes = Uint8Array.from(platform.atob(padded), (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new platform.TextDecoder().decode(bytes));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { UsrMail: email, newPWD: token } = parsed as Record<string, unknown>;
    if (typeof email !== 'string' || typeof token !== 'string' || !email || !token) return null;
    return { email, token };
  } catch {
    return null;
  }
}
