/**
 * Replaces the values of a replay that are random by construction with stable placeholders,
 * `<kind#n>`, numbered per kind by first appearance: the same value is the same placeholder wherever
 * it appears (an answer, a later request, a cookie), so that a refactor answering another session's
 * sid, or the wrong code, still shows as a difference. Nothing else is touched: times come from the
 * manual clock, ids from a fresh database, file URLs are signed with a fixed key.
 *
 * The kinds (each value is registered where the scenario or a rule below first meets it):
 * - `sid`: a borrower session id (256 random bits, sessions.ts), answered by register.php,
 *   login.php and otp_cmp_login.php;
 * - `staff-session`, `staff-pending`: the back-office's session cookies (random tokens);
 * - `csrf`: the back-office CSRF token (an HMAC keyed by the random session token);
 * - `mail-token`: the e-mail validation link's token (random);
 * - `ticket`: the chat live channel's ticket (random);
 * - `code`: a one-time code sent by SMS or e-mail (`randomInt`), and a wrong code the scenario
 *   derives from a real one. Six digits may stand anywhere by chance (an amount in centavos, a
 *   minute count, inside an identity number), so a code is replaced only where codes stand: the
 *   request fields that carry one (OtpCod, OtpLNum, code) and, in a read of the development outbox,
 *   six digits standing alone in a message.
 */
export class Normalizer {
  private readonly placeholders = new Map<string, string>();
  private readonly codes = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  /** Registers a random value of `kind` (no-op when known) and answers its placeholder. */
  secret(kind: string, value: string): string {
    // A short value would be replaced inside unrelated text.
    if (value.length < 6) throw new Error(`not a random value of ${kind}: '${value}'`);
    const values = kind === 'code' ? this.codes : this.placeholders;
    const known = values.get(value);
    if (known) return known;
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    const placeholder = `<${kind}#${n}>`;
    values.set(value, placeholder);
    return placeholder;
  }

  /**
   * Finds random values by their place in a text (answers, cookies), registers them, then replaces
   * every registered value in the text; codes only where codes stand (`outbox`: a read of the
   * development outbox).
   */
  apply(text: string, opts: { outbox?: boolean } = {}): string {
    for (const [kind, pattern] of RULES) {
      for (const match of text.matchAll(pattern)) this.secret(kind, match[1]!);
    }
    let out = text;
    // Longest first, so that no value is cut by a shorter one it contains.
    const values = [...this.placeholders.keys()].sort((a, b) => b.length - a.length);
    for (const value of values) {
      if (out.includes(value)) out = out.split(value).join(this.placeholders.get(value)!);
    }
    out = out.replace(CODE_FIELD, (match, field: string, code: string) => {
      const placeholder = this.codes.get(code);
      return placeholder ? `"${field}":"${placeholder}"` : match;
    });
    if (opts.outbox) out = out.replace(LONE_SIX_DIGITS, (code) => this.codes.get(code) ?? code);
    return out;
  }

  /** The six-digit numbers standing alone in a text (after the other random values are replaced). */
  sixDigitNumbers(text: string): string[] {
    return [...this.apply(text).matchAll(LONE_SIX_DIGITS)].map((m) => m[0]);
  }
}

const TOKEN = '[A-Za-z0-9_-]{20,}';

/** Where random values stand in answers: JSON fields and cookies. */
const RULES: readonly (readonly [string, RegExp])[] = [
  ['sid', new RegExp(`"sid":"(${TOKEN})"`, 'g')],
  ['csrf', new RegExp(`"csrfToken":"(${TOKEN})"`, 'g')],
  ['ticket', new RegExp(`"ticket":"(${TOKEN})"`, 'g')],
  ['staff-session', new RegExp(`\\bbo_session=(${TOKEN})`, 'g')],
  ['staff-pending', new RegExp(`\\bbo_pending=(${TOKEN})`, 'g')],
];

/** The request fields that carry a one-time code. */
const CODE_FIELD = /"(OtpCod|OtpLNum|code)":"(\d{6})"/g;

/** Six digits with no digit, letter, '_' or '-' on either side (not a piece of a longer number or token). */
const LONE_SIX_DIGITS = /(?<![\w-])\d{6}(?![\w-])/g;
