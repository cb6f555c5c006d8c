import { hash, randomBytes } from 'node:crypto';
import DataLoader from 'dataloader';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isDatabaseServer, type Db, type DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { SessionError } from '../errors.ts';
import type { Deps } from './deps.ts';

export type SessionState = 'pending_code' | 'active';

export interface SessionContext {
  id: number;
  borrowerId: number;
  state: SessionState;
}

/** 256 random bits, base64url: the `sid` the app keeps. Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** One-shot SHA-256 (crypto.hash: no Hash object per call, on every session call). */
export function hashSessionToken(sid: string): string {
  return hash('sha256', sid, 'hex');
}

const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A session waiting for its login code lives this long: past it, the password step starts again. */
export const PENDING_SESSION_MS = 10 * 60_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;

export async function createSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { borrowerId: number; state: SessionState; ip?: string; userAgent?: string },
  db: DbOrTx = deps.db,
): Promise<{ sid: string; session: SessionContext }> {
  const sid = newSessionToken();
  const now = deps.clock.now();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(sid),
      borrowerId: input.borrowerId,
      state: input.state,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(
        now.getTime() +
          (input.state === 'pending_code' ? PENDING_SESSION_MS : deps.config.session.absoluteMs),
      ),
    })
    .returning({ id: sessions.id });
  return { sid, session: { id: row!.id, borrowerId: input.borrowerId, state: input.state } };
}

/**
 * Finds the open session for `sid`, refusing one that is unknown, ended, past its absolute expiry,
 * idle for too long, or still waiting for its login code when the call needs an active one.
 * A valid session's idle timer restarts.
 */
export async function resolveSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  sid: unknown,
  opts: { allowPending: boolean },
): Promise<SessionContext> {
  const tokenHash = tokenHashOf(sid);
  const [row] = await deps.db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
    .limit(1);
  return checkSession(deps, row, opts);
}

/**
 * One read a session call makes besides the session check, as a scalar SQL expression over the
 * session's `sessions.borrower_id` (a subquery: a count, or a JSON aggregate of rows), with a unique
 * name for its prepared statement. It may take placeholders of its own (`sql.placeholder('loanId')`),
 * whose values resolveSessionWith's `params` give.
 */
export interface SessionRead<T> {
  name: string;
  value: SQL<T>;
  /**
   * How many of its statements may be in flight at once when it is batched (batchedRead): 1 for a
   * read whose cost is the statement's own (an index count: calls wait for one statement and share
   * the next), more for one whose cost is the rows it reads and writes (a JSON list: statements on
   * the database's several cores at once). SESSION_READS_IN_FLIGHT unless set.
   */
  statementsInFlight?: number;
}

const sessionColumns = {
  id: sessions.id,
  borrowerId: sessions.borrowerId,
  state: sessions.state,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

type SessionRow = { id: number; borrowerId: number; state: string; lastSeenAt: Date; expiresAt: Date };

function preparedRead<T>(db: Db, read: SessionRead<T>) {
  return db
    .select({ ...sessionColumns, value: read.value })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.endedAt)))
    .limit(1)
    .prepare(read.name);
}

/**
 * The same read for several sessions in one statement: each token hash of `tokenHashes` (an array)
 * with its place in it (`ord`, from 1), joined to its open session if any (the token hash is unique
 * among open sessions), the read made for each row.
 */
function preparedBatchRead<T>(db: Db, read: SessionRead<T>) {
  return db
    .select({ ord: sql<string>`b.ord`, ...sessionColumns, value: read.value })
    .from(sql`unnest(${sql.placeholder('tokenHashes')}::text[]) with ordinality as b(token_hash, ord)`)
    .innerJoin(sessions, and(eq(sessions.tokenHash, sql`b.token_hash`), isNull(sessions.endedAt)))
    .prepare(`${read.name}_batch`);
}

/**
 * How many statements of one read (the badge's, the list's) are in flight at once, unless the read
 * says (`statementsInFlight`). While they are, the calls that arrive wait together and leave as ONE statement when the first of them answers
 * (DataLoader, no cache: every call reads the database; only the round trip is shared). A lone call
 * waits for nothing, so a quiet server answers as before; a busy one makes fewer, larger statements
 * (the planner's and the protocol's cost per statement, and the server's writes to the socket, paid
 * once for many), and keeps the rest of the pool for the other calls.
 */
export const SESSION_READS_IN_FLIGHT = 2;
/** At most this many sessions in one statement. */
const SESSION_READ_BATCH = 64;

type ReadRow<T> = SessionRow & { value: T };

function batchedRead<T>(db: Db, read: SessionRead<T>): DataLoader<string, ReadRow<T> | undefined> {
  const prepared = preparedBatchRead(db, read as SessionRead<unknown>);
  const maxInFlight = read.statementsInFlight ?? SESSION_READS_IN_FLIGHT;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const start = (dispatch: () => void) => {
    inFlight++;
    dispatch();
  };
  return new DataLoader<string, ReadRow<T> | undefined>(
    async (tokenHashes) => {
      try {
        const rows = (await prepared.execute({ tokenHashes: [...tokenHashes] })) as (ReadRow<T> & {
          ord: string;
        })[];
        const byPlace: (ReadRow<T> | undefined)[] = new Array(tokenHashes.length).fill(undefined);
        for (const { ord, ...row } of rows) byPlace[Number(ord) - 1] = row as ReadRow<T>;
        return byPlace;
      } finally {
        inFlight--;
        const next = waiting.shift();
        if (next) start(next);
      }
    },
    {
      cache: false,
      maxBatchSize: SESSION_READ_BATCH,
      // Called as a batch opens; the batch leaves when `dispatch` runs (after this call's load has
      // joined it, hence the microtask), at once if a statement may start, else when one ends.
      batchScheduleFn: (dispatch) => {
        if (inFlight < maxInFlight) queueMicrotask(() => start(dispatch));
        else waiting.push(dispatch);
      },
    },
  );
}

/** What is made once per database and read (a prepared statement, a batching loader), by name. */
function perRead<V>(made: WeakMap<Db, Map<string, V>>, db: Db, read: SessionRead<unknown>, make: () => V): V {
  let byName = made.get(db);
  if (!byName) made.set(db, (byName = new Map()));
  let value = byName.get(read.name);
  if (!value) byName.set(read.name, (value = make()));
  return value;
}

const preparedReads = new WeakMap<Db, Map<string, ReturnType<typeof preparedRead>>>();
const batchedReads = new WeakMap<Db, Map<string, DataLoader<string, ReadRow<unknown> | undefined>>>();

/**
 * resolveSession and the call's own read in ONE prepared statement, for the calls every open app
 * polls or makes on each screen load (getNotificationNum.php, getNotification.php): with a valid
 * session that is the call's only database round trip (the idle timer's write, at most once a
 * minute, and an expired session's end are the exceptions). On a PostgreSQL server a read without
 * `params` is batched: calls that arrive together share one statement (batchedRead); PGlite, in this
 * process and one statement at a time, has no round trip to share. Refuses exactly as
 * resolveSession does.
 */
export async function resolveSessionWith<T>(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  sid: unknown,
  read: SessionRead<T>,
  params: Record<string, unknown> = {},
): Promise<{ session: SessionContext; value: T }> {
  const tokenHash = tokenHashOf(sid);
  let row: ReadRow<T> | undefined;
  const anyRead = read as SessionRead<unknown>;
  if (Object.keys(params).length === 0 && isDatabaseServer(deps.db)) {
    const loader = perRead(batchedReads, deps.db, anyRead, () => batchedRead(deps.db, anyRead));
    row = (await loader.load(tokenHash)) as ReadRow<T> | undefined;
  } else {
    const prepared = perRead(preparedReads, deps.db, anyRead, () => preparedRead(deps.db, anyRead));
    [row] = (await prepared.execute({ ...params, tokenHash })) as ReadRow<T>[];
  }
  const session = await checkSession(deps, row, { allowPending: false });
  return { session, value: row!.value };
}

function tokenHashOf(sid: unknown): string {
  if (typeof sid !== 'string' || !SID_PATTERN.test(sid)) throw new SessionError('missing or malformed sid');
  return hashSessionToken(sid);
}

async function checkSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  row: SessionRow | undefined,
  opts: { allowPending: boolean },
): Promise<SessionContext> {
  if (!row) throw new SessionError('unknown or ended session');
  const now = deps.clock.now();
  const idleDeadline = row.lastSeenAt.getTime() + deps.config.session.idleMs;
  if (now.getTime() >= row.expiresAt.getTime() || now.getTime() >= idleDeadline) {
    await deps.db
      .update(sessions)
      .set({ endedAt: now, endReason: 'expired' })
      .where(and(eq(sessions.id, row.id), isNull(sessions.endedAt)));
    throw new SessionError('expired session');
  }
  const state = row.state as SessionState;
  if (state === 'pending_code' && !opts.allowPending) throw new SessionError('session waiting for its code');

  // The idle timer restarts at most once a minute: a poll every few seconds then costs one read, not
  // a write per call (the idle expiry is counted in minutes anyway).
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { id: row.id, borrowerId: row.borrowerId, state };
}

/**
 * Whether a session may still make session calls (active, not ended, within its idle and absolute
 * expiry), without restarting its idle timer: the chat's live channel checks it while it is open.
 */
export async function isSessionOpen(deps: Pick<Deps, 'db' | 'clock' | 'config'>, sessionId: number) {
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({ state: sessions.state, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .limit(1);
  return (
    row !== undefined &&
    row.state === 'active' &&
    now < row.expiresAt.getTime() &&
    now < row.lastSeenAt.getTime() + deps.config.session.idleMs
  );
}

/**
 * The login code was confirmed: the waiting session ends and a new active one takes its place, with
 * a new token (the `sid` answered before the code never becomes the session) and its absolute
 * expiry counted from now. A waiting session already ended (a second confirmation) is refused.
 */
export async function replacePendingSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  pending: SessionContext,
  client: { ip?: string; userAgent?: string },
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ endedAt: deps.clock.now(), endReason: 'login_code_confirmed' })
      .where(and(eq(sessions.id, pending.id), eq(sessions.state, 'pending_code'), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    if (!ended) throw new SessionError('waiting session already ended');
    const { sid } = await createSession(
      deps,
      { borrowerId: pending.borrowerId, state: 'active', ip: client.ip, userAgent: client.userAgent },
      tx,
    );
    return sid;
  });
}

export async function endSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  sessionId: number,
  reason: string,
): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ endedAt: deps.clock.now(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a borrower (password change, recovery, account lock). */
export async function endAllSessions(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  borrowerId: number,
  reason: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: deps.clock.now(), endReason: reason })
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
