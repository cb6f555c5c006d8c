import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { addDays, isIsoDate, remindersToSend, todayInTegucigalpa } from '@prestamos-hn/domain';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { servicingRuns, type ServicingRunCounts } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { checkBooks } from '../accounting/books-check.ts';
import { expireStaleRequests } from '../loans/expiry.ts';
import { applyPendingWallets } from '../payments/apply-wallet.ts';
import { sendReminders } from './reminders.ts';
import { clearSeenMarks, prepareRunScope, setRunWriting, type ServicingScope } from './run-scope.ts';
import { chargeDefaultInterest, updateInstalmentStates, updateLoanStates } from './schedule-states.ts';

/**
 * A run that has not beaten its heart for this long died (a killed process, a lost connection): the
 * next attempt takes its date over. Every step beats it when it starts and every minute while it
 * works (the longest, the whole book's states at 1,000,000 loans, takes minutes: decision 019).
 */
export const STALE_RUN_MS = 10 * 60_000;

/** How often a step still working beats the run's heart (well inside `STALE_RUN_MS`). */
const HEARTBEAT_MS = 60_000;

/** This process, as the runs it claims name it. */
const RUNNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export type ServicingStep = 'wallets' | 'states' | 'expiry' | 'reminders' | 'books';

export interface RunOptions {
  /** How old a 'running' row must be to be taken over (tests use 0 to stand for a dead run). */
  staleAfterMs?: number;
  /**
   * Called after each step with how long it took (tests kill a run half way by throwing here). The
   * states and reminders steps run side by side, so either may end first.
   */
  afterStep?: (step: ServicingStep, ms: number) => void | Promise<void>;
  /**
   * The job runner's stop (a SIGTERM, shutdown.ts): the run ends after its current step and gives
   * its date back, so another instance continues it at once instead of after `STALE_RUN_MS`.
   */
  signal?: AbortSignal;
  /** Look at the whole book, not only the loans that can change on the date (decision 019). */
  full?: boolean;
}

export type RunOutcome =
  | {
      businessDate: string;
      ran: true;
      counts: ServicingRunCounts;
      /** What the states step looked at: the whole book, or the loans that could change (decision 019). */
      scope: { kind: ServicingScope; loans: number | null };
    }
  | { businessDate: string; ran: false; reason: 'done' | 'running' };

/**
 * Claims `businessDate` for this process: a new row, or a 'running' row whose run died (heartbeat
 * older than `staleAfterMs`). One statement, so of two servers asking at once exactly one gets it;
 * a date already done or held by a live run answers why not.
 */
async function claimDate(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessDate: string,
  staleAfterMs: number,
): Promise<'claimed' | 'done' | 'running'> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  const claimed = rowsOf(
    await deps.db.execute(sql`
      insert into servicing_runs (business_date, status, attempts, runner, started_at, heartbeat_at)
      values (${businessDate}::date, 'running', 1, ${RUNNER}, ${now}::timestamptz, ${now}::timestamptz)
      on conflict (business_date) do update
        set attempts = servicing_runs.attempts + 1, runner = excluded.runner,
          started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at, last_error = null
        where servicing_runs.status = 'running' and servicing_runs.heartbeat_at <= ${staleBefore}::timestamptz
      returning business_date
    `),
  );
  if (claimed.length > 0) return 'claimed';
  const [row] = await deps.db
    .select({ status: servicingRuns.status })
    .from(servicingRuns)
    .where(eq(servicingRuns.businessDate, businessDate));
  return row?.status === 'done' ? 'done' : 'running';
}

/** The newest business date done before `businessDate` (null: none). */
async function newestDateDoneBefore(db: DbOrTx, businessDate: string): Promise<string | null> {
  const [row] = await db
    .select({ businessDate: servicingRuns.businessDate })
    .from(servicingRuns)
    .where(and(eq(servicingRuns.status, 'done'), lt(servicingRuns.businessDate, businessDate)))
    .orderBy(desc(servicingRuns.businessDate))
    .limit(1);
  return row?.businessDate ?? null;
}

/** Beats the run's heart; false when another process took the date over (this run must stop). */
async function beat(deps: Pick<Deps, 'db' | 'clock'>, businessDate: string): Promise<boolean> {
  const rows = rowsOf(
    await deps.db.execute(sql`
      update servicing_runs set heartbeat_at = ${deps.clock.now()}::timestamptz
      where business_date = ${businessDate}::date and runner = ${RUNNER} and status = 'running'
      returning business_date
    `),
  );
  return rows.length > 0;
}

export class RunTakenOverError extends Error {
  constructor(businessDate: string) {
    super(`The servicing run of ${businessDate} was taken over by another process`);
  }
}

export class RunStoppedError extends Error {
  constructor(businessDate: string) {
    super(`The servicing run of ${businessDate} stopped between steps: the server is shutting down`);
  }
}

/**
 * The daily run of one business date (America/Tegucigalpa), at most once per date across every
 * server on the database: (1) validated money still in wallets (validated after hours) is applied
 * at the date's 8:00; (2) in one transaction, every open instalment gets its status for the date,
 * with a late fee once it is more than the loan's grace days late, a day of default interest once
 * the loan is past maturity (decision 014), and loans move 3 ↔ 8; (3) beside it, in a transaction
 * of its own, reminders, only when the date is today (`remindersToSend`); (4) requests older than
 * OFFER_EXPIRY_DAYS expire to 7; (5) the books: anything not yet journaled is, and the books are
 * checked against the loan book, with a staff alert when they differ (decision 015).
 * Every step is idempotent, so a run killed half way and started again (after `STALE_RUN_MS`)
 * ends where one clean run would. The date is then 'done'
 * with its counts, and an audit row says what it did.
 */
export async function runServicingDate(
  deps: Deps,
  businessDate: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  if (!isIsoDate(businessDate)) throw new RangeError(`Not a date YYYY-MM-DD: ${businessDate}`);
  if (businessDate > todayInTegucigalpa(deps.clock.now())) {
    throw new RangeError(`The business date ${businessDate} has not come yet`);
  }
  const claim = await claimDate(deps, businessDate, options.staleAfterMs ?? STALE_RUN_MS);
  if (claim !== 'claimed') return { businessDate, ran: false, reason: claim };

  const step = async <T>(name: ServicingStep, work: () => Promise<T>): Promise<T> => {
    if (options.signal?.aborted) throw new RunStoppedError(businessDate);
    if (!(await beat(deps, businessDate))) throw new RunTakenOverError(businessDate);
    // A long step (the whole book's states at a million loans take minutes) beats on its own, from
    // another connection, so that no other server takes a live run for a dead one.
    const beating = setInterval(() => void beat(deps, businessDate).catch(() => undefined), HEARTBEAT_MS);
    const started = performance.now();
    let result: T;
    try {
      result = await work();
    } finally {
      clearInterval(beating);
    }
    await options.afterStep?.(name, performance.now() - started);
    return result;
  };

  try {
    const applied = await step('wallets', () => applyPendingWallets(deps, businessDate));
    const statesStep = step('states', () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        // The open instalments of the loans in scope are sorted by loan to be ranked: in memory, not
        // in temporary files (5,000,000 rows, about 600 MB, on an ordinary day at 1,000,000 borrowers).
        await tx.execute(sql`set local work_mem = '1GB'`);
        const previous = await newestDateDoneBefore(tx, businessDate);
        const { scope, loans: scopeLoans } = await prepareRunScope(tx, businessDate, previous, options);
        await setRunWriting(tx, true);
        const instalments = await updateInstalmentStates(tx, businessDate, now, scope);
        // Default interest changes what is owed: its rows are marks, looked at again the next date.
        await setRunWriting(tx, false);
        const interest = await chargeDefaultInterest(tx, businessDate, now, scope);
        await setRunWriting(tx, true);
        const loans = await updateLoanStates(tx, businessDate, now, scope);
        await setRunWriting(tx, false);
        await clearSeenMarks(tx);
        return { instalments, interest, loans, scope, scopeLoans };
      }),
    );
    // The reminders run beside the states step, on another connection (decision 019): they only
    // insert, and read what is owed, not the statuses that step writes (sendReminders). On PGlite,
    // one connection, the two transactions simply take turns.
    const remindersStep = step('reminders', () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        // Hundreds of thousands of reminders on a large book are joined and sorted in memory.
        await tx.execute(sql`set local work_mem = '256MB'`);
        // A past day run late (a catch-up after downtime) sends no reminders: only today's are true.
        const events = remindersToSend(businessDate, todayInTegucigalpa(now));
        if (events.length === 0) deps.log.info({ businessDate }, 'servicing run of a past day: no reminders');
        const sent = await sendReminders(deps, tx, businessDate, now, events);
        if (sent > 0) await deps.jobs?.kick(tx, 'outbox');
        return sent;
      }),
    );
    // Both are waited for before anything is reported: a failed step never leaves the other running
    // unseen while the date is marked failed or given back.
    const [statesDone, remindersDone] = await Promise.allSettled([statesStep, remindersStep]);
    if (statesDone.status === 'rejected') throw statesDone.reason;
    if (remindersDone.status === 'rejected') throw remindersDone.reason;
    const states = statesDone.value;
    const reminders = remindersDone.value;
    const expired = await step('expiry', () => expireStaleRequests(deps, businessDate));
    const books = await step('books', () => checkBooks(deps, businessDate, { full: options.full ?? false }));
    const counts: ServicingRunCounts = {
      walletsApplied: applied.length,
      instalmentsChanged: states.instalments.changed,
      lateFeesCharged: states.instalments.lateFees,
      defaultInterestCharged: states.interest.charged,
      loansLate: states.loans.late,
      loansCaughtUp: states.loans.caughtUp,
      requestsExpired: expired.length,
      remindersSent: reminders,
      booksLoansJournaled: books.loansJournaled,
      booksAlerts: books.alerts.length,
    };
    const finished = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const done = rowsOf(
        await tx.execute(sql`
          update servicing_runs
          set status = 'done', finished_at = ${now}::timestamptz, heartbeat_at = ${now}::timestamptz, counts = ${JSON.stringify(counts)}::jsonb
          where business_date = ${businessDate}::date and runner = ${RUNNER} and status = 'running'
          returning business_date
        `),
      );
      if (done.length === 0) return false;
      await writeAudit(deps, tx, {
        actor: { type: 'system' },
        action: 'servicing.run',
        entity: 'servicing',
        entityId: businessDate,
        after: { ...counts },
      });
      return true;
    });
    if (!finished) throw new RunTakenOverError(businessDate);
    const scope = { kind: states.scope, loans: states.scopeLoans };
    deps.log.info({ businessDate, ...counts, scope }, 'servicing run done');
    return { businessDate, ran: true, counts, scope };
  } catch (error) {
    // A stopped run's heartbeat is made old: the date is free for the next claim (claimDate).
    const released = error instanceof RunStoppedError ? sql`, heartbeat_at = 'epoch'::timestamptz` : sql``;
    await deps.db
      .execute(
        sql`update servicing_runs set last_error = ${String(error instanceof Error ? error.message : error).slice(0, 500)}${released}
          where business_date = ${businessDate}::date and runner = ${RUNNER} and status = 'running'`,
      )
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Every business date not yet run, oldest first, up to today (Tegucigalpa, by the server's clock):
 * from the day after the newest date done (a first start runs today only). Stops at the first date
 * that fails or is held by a live run, so dates never run out of order. Returns what each date did.
 */
export async function runMissedDates(deps: Deps, options: RunOptions = {}): Promise<RunOutcome[]> {
  const today = todayInTegucigalpa(deps.clock.now());
  const [last] = await deps.db
    .select({ businessDate: servicingRuns.businessDate })
    .from(servicingRuns)
    .where(eq(servicingRuns.status, 'done'))
    .orderBy(desc(servicingRuns.businessDate))
    .limit(1);
  const outcomes: RunOutcome[] = [];
  for (let date = last ? addDays(last.businessDate, 1) : today; date <= today; date = addDays(date, 1)) {
    const outcome = await runServicingDate(deps, date, options);
    outcomes.push(outcome);
    if (!outcome.ran && outcome.reason === 'running') break;
  }
  return outcomes;
}
