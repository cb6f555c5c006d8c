import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { hashLinkToken, isLinkTokenShape, newLinkToken } from '../shared/link-tokens.ts';

export type EmailTokenPurpose = 'validate_email' | 'recover_password';

/** A new 256-bit token for an e-mailed link; only its SHA-256 is stored. */
export async function createEmailToken(
  deps: Pick<Deps, 'clock'>,
  tx: DbOrTx,
  input: { purpose: EmailTokenPurpose; borrowerId: number; email: string; ttlMs: number },
): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  const now = deps.clock.now();
  await tx.insert(emailTokens).values({
    purpose: input.purpose,
    borrowerId: input.borrowerId,
    email: input.email,
    tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  return token;
}

export async function findEmailToken(db: DbOrTx, purpose: EmailTokenPurpose, token: string) {
  if (!isLinkTokenShape(token)) return undefined;
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashLinkToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks one token used, if nobody used it first; false when it was already used. */
async function useEmailToken(deps: Pick<Deps, 'clock'>, tx: DbOrTx, id: number): Promise<boolean> {
  const used = await tx
    .update(emailTokens)
    .set({ usedAt: deps.clock.now() })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return used.length === 1;
}

/** Every other open token of the borrower for that purpose stops working too. */
async function retireEmailTokens(
  deps: Pick<Deps, 'clock'>,
  tx: DbOrTx,
  borrowerId: number,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(emailTokens.borrowerId, borrowerId),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
      ),
    );
}

/**
 * A link's token used once: marked used, if nobody used it first (false when it was), and every
 * other open token of the borrower for that purpose retired with it.
 */
export async function consumeEmailToken(
  deps: Pick<Deps, 'clock'>,
  tx: DbOrTx,
  token: { id: number; borrowerId: number },
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  if (!(await useEmailToken(deps, tx, token.id))) return false;
  await retireEmailTokens(deps, tx, token.borrowerId, purpose);
  return true;
}

/** When the last token of that purpose was made, and how many in the last `windowMs`. */
async function recentEmailTokens(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  borrowerId: number,
  purpose: EmailTokenPurpose,
  windowMs: number,
): Promise<{ lastAt: Date | undefined; inWindow: number }> {
  const where = and(eq(emailTokens.borrowerId, borrowerId), eq(emailTokens.purpose, purpose));
  const [last] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(where)
    .orderBy(desc(emailTokens.id))
    .limit(1);
  const since = new Date(deps.clock.now().getTime() - windowMs);
  const [recent] = await db
    .select({ n: count() })
    .from(emailTokens)
    .where(and(where, gt(emailTokens.createdAt, since)));
  return { lastAt: last?.createdAt, inWindow: recent?.n ?? 0 };
}

/**
 * Whether another link of that purpose may be e-mailed to the borrower now (accountPolicy): how long
 * until the resend lock ends (0 when it has), and whether the hour's limit is reached.
 */
export async function emailLinkAllowance(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  borrowerId: number,
  purpose: EmailTokenPurpose,
): Promise<{ waitMs: number; hourlyLimitReached: boolean }> {
  const recent = await recentEmailTokens(deps, db, borrowerId, purpose, accountPolicy.rateWindowMs);
  const now = deps.clock.now().getTime();
  return {
    waitMs: recent.lastAt ? Math.max(0, recent.lastAt.getTime() + accountPolicy.emailResendLockMs - now) : 0,
    hourlyLimitReached: recent.inWindow >= accountPolicy.maxEmailsPerAccountPerHour,
  };
}
