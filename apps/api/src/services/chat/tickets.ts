import { randomBytes } from 'node:crypto';
import { CHAT_TICKET_TTL_SECONDS } from '@prestamos-hn/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { chatTickets } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { hashSessionToken, type SessionContext } from '../sessions.ts';

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * getChatTicket.php: a ticket for the live channel, usable once within 60 seconds, for the caller's
 * session (EventSource cannot send the `sid` in a body, and a `sid` never goes in a URL). Only the
 * ticket's SHA-256 is stored; the caller's expired tickets are deleted on the way.
 */
export async function issueChatTicket(
  deps: Pick<Deps, 'db' | 'clock'>,
  session: SessionContext,
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db
    .delete(chatTickets)
    .where(and(eq(chatTickets.borrowerId, session.borrowerId), lt(chatTickets.expiresAt, now)));
  await deps.db.insert(chatTickets).values({
    tokenHash: hashSessionToken(ticket),
    borrowerId: session.borrowerId,
    sessionId: session.id,
    expiresAt: new Date(now.getTime() + CHAT_TICKET_TTL_SECONDS * 1000),
  });
  return { ticket, expiresIn: CHAT_TICKET_TTL_SECONDS };
}

/**
 * Uses a ticket: the borrower and session it was given to, or null when it is unknown, expired or
 * used already. One conditional UPDATE, so two connections with one ticket cannot both get in.
 */
export async function redeemChatTicket(
  deps: Pick<Deps, 'db' | 'clock'>,
  ticket: unknown,
): Promise<{ borrowerId: number; sessionId: number } | null> {
  if (typeof ticket !== 'string' || !TICKET_PATTERN.test(ticket)) return null;
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(chatTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(chatTickets.tokenHash, hashSessionToken(ticket)),
        isNull(chatTickets.usedAt),
        gt(chatTickets.expiresAt, now),
      ),
    )
    .returning({ borrowerId: chatTickets.borrowerId, sessionId: chatTickets.sessionId });
  return row ?? null;
}
