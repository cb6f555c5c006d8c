import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import type { Deps } from './deps.ts';
import { accountPolicy } from './shared/account-policy.ts';

export type OutboxChannel = 'sms' | 'email';

export interface OutboxMessage {
  channel: OutboxChannel;
  to: string;
  subject?: string;
  body: string;
}

/**
 * The longest a secret sent in a message stays usable (the e-mail validation link, 48 h): past it, a
 * stored copy of the message is of no use to anyone and its secrets are wiped everywhere.
 */
export const OUTBOX_SECRET_LIFE_MS = accountPolicy.emailValidationTokenTtlMs;

const LINK = /https?:\/\/\S+/g;
const CODE = /\b\d{6}\b/g;
/** The same patterns for PostgreSQL's regular expressions (`\m`, `\M`: word boundaries). */
const LINK_SQL = 'https?://[^[:space:]]+';
const CODE_SQL = '\\m[0-9]{6}\\M';
export const REDACTED_LINK = '[enlace borrado]';
export const REDACTED_CODE = '••••••';

/**
 * A message as it is kept once its secrets are no longer needed: every link (recovery, e-mail
 * validation) and every 6-digit code replaced. What the message was about stays readable.
 */
export const redactSecrets = (body: string): string =>
  body.replace(LINK, REDACTED_LINK).replace(CODE, REDACTED_CODE);

/** At most this many delivery attempts, spaced by growing back-off, before a row is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 6;
const backoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Queues an SMS or e-mail, and the outbox job that delivers it. Pass the caller's transaction so the
 * message leaves only if the change that caused it is committed.
 */
export async function enqueueMessage(
  deps: Pick<Deps, 'clock' | 'jobs'>,
  db: DbOrTx,
  message: OutboxMessage,
): Promise<number> {
  const now = deps.clock.now();
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.to.trim().toLowerCase(),
      subject: message.subject ?? null,
      body: message.body,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: outbox.id });
  await deps.jobs?.kick(db, 'outbox');
  return row!.id;
}

/**
 * Delivers due messages through the SMS gateway or the mailer, one row at a time.
 * `FOR UPDATE SKIP LOCKED` lets several server processes share the work on PostgreSQL.
 */
export async function deliverPendingMessages(
  deps: Deps,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
        .orderBy(asc(outbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'empty' as const;
      const attempts = row.attempts + 1;
      try {
        const { providerId } =
          row.channel === 'sms'
            ? await deps.integrations.sms.send({ to: row.recipient, body: row.body })
            : await deps.integrations.mailer.send({
                to: row.recipient,
                subject: row.subject ?? '',
                text: row.body,
              });
        // In production the stored copy loses its codes and links once delivered: a copy of the
        // database hands out no live code or link. (Outside production the dev outbox shows them.)
        await tx
          .update(outbox)
          .set({
            status: 'sent',
            attempts,
            providerId,
            sentAt: deps.clock.now(),
            lastError: null,
            ...(deps.config.isProduction ? { body: redactSecrets(row.body) } : {}),
          })
          .where(eq(outbox.id, row.id));
        return 'sent' as const;
      } catch (error) {
        const giveUp = attempts >= MAX_DELIVERY_ATTEMPTS;
        const reason = error instanceof Error ? error.message : String(error);
        deps.log.warn({ outboxId: row.id, channel: row.channel, attempts, reason }, 'outbox delivery failed');
        await tx
          .update(outbox)
          .set({
            status: giveUp ? 'failed' : 'pending',
            attempts,
            lastError: reason.slice(0, 500),
            nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
          })
          .where(eq(outbox.id, row.id));
        return 'failed' as const;
      }
    });
    if (outcome === 'empty') break;
    if (outcome === 'sent') sent++;
    else failed++;
  }
  return { sent, failed };
}

/**
 * Wipes the codes and links of every message older than the longest life of a secret, whatever its
 * status (sent, failed or never delivered), in one statement. The dispatcher runs it hourly.
 */
export async function redactExpiredSecrets(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - OUTBOX_SECRET_LIFE_MS);
  const rows = await deps.db
    .update(outbox)
    .set({
      body: sql`regexp_replace(regexp_replace(${outbox.body}, ${LINK_SQL}, ${REDACTED_LINK}, 'g'), ${CODE_SQL}, ${REDACTED_CODE}, 'g')`,
    })
    .where(
      and(lte(outbox.createdAt, cutoff), sql`(${outbox.body} ~ ${LINK_SQL} or ${outbox.body} ~ ${CODE_SQL})`),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

export interface OutboxEntry {
  id: number;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** For the development outbox page: newest first, optionally for one phone or e-mail. */
export async function listOutbox(
  deps: Pick<Deps, 'db'>,
  filter: { to?: string; limit?: number },
): Promise<OutboxEntry[]> {
  const rows = await deps.db
    .select()
    .from(outbox)
    .where(filter.to ? eq(outbox.recipient, filter.to.trim().toLowerCase()) : sql`true`)
    .orderBy(desc(outbox.id))
    .limit(filter.limit ?? 100);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel as OutboxChannel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
  }));
}
