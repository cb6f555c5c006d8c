import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH } from '@prestamos-hn/domain';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { oneTimeCodes } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import type { Deps } from './deps.ts';
import { enqueueMessage } from './outbox.ts';
import { hitRateLimit, minutesLeft, readRateLimit } from './rate-limits.ts';
import { accountPolicy } from './shared/account-policy.ts';
import { rateLimitKeyOfIp } from './shared/client-ip.ts';
import { minutesText } from './shared/dates.ts';

/**
 * Six-digit codes by SMS or e-mail for every purpose: registration, a borrower's login, phone
 * change and bank-account change, a staff member's login. Their Spanish refusals are here, their limits in account-policy.ts.
 */
const wrongCodeMessage = (remaining: number): string =>
  remaining === 1
    ? 'Código incorrecto. Te queda 1 intento.'
    : `Código incorrecto. Te quedan ${remaining} intentos.`;
const CODE_EXPIRED_MESSAGE = 'El código expiró. Solicita uno nuevo.';
const CODE_USED_MESSAGE = 'Ese código ya fue usado. Solicita uno nuevo.';
const NO_CODE_MESSAGE = 'Primero solicita un código.';
const TOO_MANY_CODE_ATTEMPTS_MESSAGE = 'Demasiados intentos. Solicita un nuevo código.';
const waitForCodeMessage = (seconds: number): string =>
  seconds === 1
    ? 'Espera 1 segundo para pedir otro código.'
    : `Espera ${seconds} segundos para pedir otro código.`;
const TOO_MANY_CODES_MESSAGE = 'Pediste demasiados códigos. Intenta de nuevo en una hora.';
export const loginCodeLockedMessage = (minutes: number): string =>
  `Demasiados códigos incorrectos. Espera ${minutesText(minutes)} e inténtalo de nuevo.`;

/**
 * Whom a code is for: a phone being registered, an account logging in, an account changing its
 * phone to a new one (the newest code of the account counts; it verifies only for that new phone),
 * an account changing its bank account (likewise: it verifies only for that bank and number), or a
 * staff account logging in to the back-office.
 */
export type CodeTarget =
  | { purpose: 'registration'; phone: string }
  | { purpose: 'login'; borrowerId: number }
  | { purpose: 'phone_change'; borrowerId: number; phone: string }
  | { purpose: 'bank_account_change'; borrowerId: number; bankCode: number; accountNumber: string }
  | { purpose: 'staff_login'; staffId: number };
export type CodeChannel = 'sms' | 'email';

function targetKey(target: CodeTarget): string {
  switch (target.purpose) {
    case 'registration':
      return `registration:phone:${target.phone}`;
    case 'login':
      return `login:borrower:${target.borrowerId}`;
    case 'staff_login':
      return `staff_login:staff:${target.staffId}`;
    case 'phone_change':
      return `phone_change:borrower:${target.borrowerId}:phone:${target.phone}`;
    case 'bank_account_change':
      return `bank_account_change:borrower:${target.borrowerId}:bank:${target.bankCode}:account:${target.accountNumber}`;
  }
}

/** What requests and checks are serialised on: the phone, or the account. */
const lockKey = (target: CodeTarget) =>
  target.purpose === 'registration' || target.purpose === 'staff_login'
    ? targetKey(target)
    : `${target.purpose}:borrower:${target.borrowerId}`;

/**
 * HMAC-SHA256 keyed by purpose and target: the same six digits give a different hash for another
 * phone or account. With a million possible codes this does not make a stolen hash safe by itself;
 * the 5-minute life, single use and 5 tries per code do (see the table's comment).
 */
function hashCode(target: CodeTarget, code: string): string {
  return createHmac('sha256', targetKey(target)).update(code).digest('hex');
}

const targetWhere = (target: CodeTarget) =>
  target.purpose === 'registration'
    ? and(eq(oneTimeCodes.purpose, 'registration'), eq(oneTimeCodes.phone, target.phone))
    : target.purpose === 'staff_login'
      ? and(eq(oneTimeCodes.purpose, 'staff_login'), eq(oneTimeCodes.staffId, target.staffId))
      : and(eq(oneTimeCodes.purpose, target.purpose), eq(oneTimeCodes.borrowerId, target.borrowerId));

/** Six digits from the operating system's CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

/** Serialises code requests and checks for one target (PostgreSQL advisory lock; PGlite has one connection). */
async function lockTarget(db: DbOrTx, target: CodeTarget): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(target)}))`);
}

async function latestCode(db: DbOrTx, target: CodeTarget, channel?: CodeChannel) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(targetWhere(target), channel ? eq(oneTimeCodes.channel, channel) : undefined))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/**
 * Makes a new code for `target` and returns it (sendCode queues it in the same transaction, which
 * must be open: `db` is a transaction). Refuses inside the channel's resend lock ('Espera N
 * segundos…', with `seconds`), past the hourly limit per phone or account, and for registration past
 * the hourly limit per IP. The newest code replaces the earlier ones and inherits their tries.
 */
async function issueCode(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbOrTx,
  input: { target: CodeTarget; channel: CodeChannel; resendLockMs: number; ip?: string },
): Promise<string> {
  const { target, channel } = input;
  const now = deps.clock.now();
  await lockTarget(tx, target);

  // The resend lock protects a code that can still be used: the newest one, neither used, spent
  // nor expired. Once it is, a new code may be asked for at once (the hourly limit below still
  // applies); otherwise a borrower who logs out and back in within a minute would wait for a code
  // that no longer works.
  const lastOnChannel = await latestCode(tx, target, channel);
  const newest = await latestCode(tx, target);
  if (lastOnChannel && lastOnChannel.id === newest?.id && refusal(lastOnChannel, now) === null) {
    const waitMs = lastOnChannel.createdAt.getTime() + input.resendLockMs - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new UserError(waitForCodeMessage(seconds), { seconds });
    }
  }

  const windowStart = new Date(now.getTime() - accountPolicy.rateWindowMs);
  const [recent] = await tx
    .select({ n: count() })
    .from(oneTimeCodes)
    .where(and(targetWhere(target), gt(oneTimeCodes.createdAt, windowStart)));
  if ((recent?.n ?? 0) >= deps.config.oneTimeCodesPerHour) throw new UserError(TOO_MANY_CODES_MESSAGE);

  if (target.purpose === 'registration' && input.ip) {
    const [fromIp] = await tx
      .select({ n: count() })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, 'registration'),
          eq(oneTimeCodes.ip, rateLimitKeyOfIp(input.ip)),
          gt(oneTimeCodes.createdAt, windowStart),
        ),
      );
    if ((fromIp?.n ?? 0) >= deps.config.registrationCodesPerIpPerHour) {
      throw new UserError(TOO_MANY_CODES_MESSAGE);
    }
  }

  // Tries carry over to a resend: asking for another code never buys more guesses. Only a code
  // whose tries are spent (or one used, or one from long ago) lets the next start afresh.
  const last = newest;
  const carried =
    last &&
    !last.usedAt &&
    last.attempts < accountPolicy.maxCodeAttempts &&
    now.getTime() - last.createdAt.getTime() < accountPolicy.attemptCarryOverMs
      ? last.attempts
      : 0;

  const code = newCode();
  await tx.insert(oneTimeCodes).values({
    purpose: target.purpose,
    phone: target.purpose === 'registration' || target.purpose === 'phone_change' ? target.phone : null,
    borrowerId:
      target.purpose === 'login' ||
      target.purpose === 'phone_change' ||
      target.purpose === 'bank_account_change'
        ? target.borrowerId
        : null,
    staffId: target.purpose === 'staff_login' ? target.staffId : null,
    channel,
    codeHash: hashCode(target, code),
    attempts: carried,
    ip: input.ip === undefined ? null : rateLimitKeyOfIp(input.ip),
    createdAt: now,
    expiresAt: new Date(now.getTime() + accountPolicy.codeTtlMs),
  });
  return code;
}

/**
 * Issues a code for `target` (with issueCode's refusals) and queues `message(code)` to `to` through
 * the outbox, in the caller's transaction: an SMS text (`body`) or an e-mail (`subject` and `body`).
 */
export async function sendCode(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbOrTx,
  input: {
    target: CodeTarget;
    channel: CodeChannel;
    resendLockMs: number;
    ip?: string;
    to: string;
    message: (code: string) => { subject?: string; body: string };
  },
): Promise<void> {
  const code = await issueCode(deps, tx, input);
  await enqueueMessage(deps, tx, { channel: input.channel, to: input.to, ...input.message(code) });
}

/** `wrong`: a try was spent on a code that did not match (not an expired, used or missing one). */
export type CodeCheck = { ok: true } | { ok: false; message: string; wrong?: true };

type CodeRow = typeof oneTimeCodes.$inferSelect;

function refusal(row: CodeRow | undefined, now: Date): string | null {
  if (!row) return NO_CODE_MESSAGE;
  if (row.usedAt) return CODE_USED_MESSAGE;
  if (row.attempts >= accountPolicy.maxCodeAttempts) return TOO_MANY_CODE_ATTEMPTS_MESSAGE;
  if (now.getTime() > row.expiresAt.getTime()) return CODE_EXPIRED_MESSAGE;
  return null;
}

/**
 * Checks `code` against the newest code of `target`. A try is counted before the comparison
 * (atomically, and only while tries remain), so parallel guesses cannot exceed the limit; a right
 * code is marked used, once. Returns the outcome instead of throwing so that the counted try is
 * committed even when the code is wrong.
 */
export async function checkCode(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  target: CodeTarget,
  code: string,
): Promise<CodeCheck> {
  const now = deps.clock.now();
  const row = await latestCode(db, target);
  const refused = refusal(row, now);
  if (refused || !row) return { ok: false, message: refused ?? NO_CODE_MESSAGE };

  const [reserved] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.usedAt),
        lt(oneTimeCodes.attempts, accountPolicy.maxCodeAttempts),
        gte(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  if (!reserved) {
    const again = await latestCode(db, target);
    return { ok: false, message: refusal(again, now) ?? TOO_MANY_CODE_ATTEMPTS_MESSAGE };
  }

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(target, code), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    const [used] = await db
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
      .returning({ id: oneTimeCodes.id });
    return used ? { ok: true } : { ok: false, message: CODE_USED_MESSAGE };
  }
  const remaining = accountPolicy.maxCodeAttempts - reserved.attempts;
  return {
    ok: false,
    message: remaining > 0 ? wrongCodeMessage(remaining) : TOO_MANY_CODE_ATTEMPTS_MESSAGE,
    wrong: true,
  };
}

type LoginTarget = Extract<CodeTarget, { purpose: 'login' | 'staff_login' }>;

/** The counter of an account's wrong login codes (borrower or staff), in `rate_limit_counters`. */
export const wrongLoginCodesKey = (target: LoginTarget): string =>
  target.purpose === 'login'
    ? `login-code-wrong:borrower:${target.borrowerId}`
    : `login-code-wrong:staff:${target.staffId}`;

/** The refusal while an account's wrong login codes are at the limit (until the window ends), or null. */
function codeEntryLocked(
  deps: Pick<Deps, 'clock'>,
  window: { hits: number; resetsAt: Date } | undefined,
): string | null {
  if (!window || window.hits < accountPolicy.maxWrongLoginCodes) return null;
  const minutes = minutesLeft(deps, window.resetsAt);
  return loginCodeLockedMessage(minutes);
}

/**
 * checkCode for a login code (a borrower's or a staff member's), with the lock across resends: every
 * wrong code of the account (any code, any channel) counts in a window of `wrongLoginCodesWindowMs`
 * (30 minutes); at `maxWrongLoginCodes` (10) code entry is refused for the rest of the window, the
 * right code included ('Demasiados códigos incorrectos. Espera N minutos…'). 5 tries per code alone
 * would allow 5 more per resend.
 */
export async function checkLoginCode(
  deps: Pick<Deps, 'clock' | 'db'>,
  target: LoginTarget,
  code: string,
): Promise<CodeCheck> {
  const key = wrongLoginCodesKey(target);
  const locked = codeEntryLocked(deps, await readRateLimit(deps, key));
  if (locked) return { ok: false, message: locked };
  const outcome = await checkCode(deps, deps.db, target, code);
  if (outcome.ok || !outcome.wrong) return outcome;
  const lockedNow = codeEntryLocked(
    deps,
    await hitRateLimit(deps, key, accountPolicy.wrongLoginCodesWindowMs),
  );
  return lockedNow ? { ok: false, message: lockedNow, wrong: true } : outcome;
}
