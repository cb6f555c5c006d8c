// `npm run bench:servicing`: the daily run at scale on PostgreSQL. Makes a fresh database on
// BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), seeds 1,000,000
// borrowers, each with a disbursed weekly loan of 30 instalments (30,000,000 instalments; a fifth of
// the loans behind on up to seven weeks, the rest paid up to date) and the money behind it (the
// disbursements and payments journaled), then times:
//   - the first run (the whole book: every open instalment gets its status from scratch), and
//   - the next date's run (the ordinary day, which looks only at the loans that can change on it,
//     decision 019: a seventh of the loans have an instalment falling due, and nobody pays),
// step by step, and the p95 of a borrower's schedule read (getBorrowerRepaymentSchedule.php through
// the whole HTTP stack, 1,000 reads of random borrowers). Prints the figures as JSON and a table for
// the README. Figures never go into tests. BENCH_BORROWERS changes the size (30 instalments each; CI
// runs 500); BENCH_KEEP=1 keeps the database afterwards, and BENCH_REUSE=1 then times the next
// ordinary day on it without seeding again.
import { performance } from 'node:perf_hooks';
import { addDays, LEDGER_ACCOUNT } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { manualClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openPostgres, rowsOf } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { createIntegrations } from '../src/integrations/index.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { createSession } from '../src/services/sessions.ts';

const BORROWERS = Number(process.env.BENCH_BORROWERS ?? 1_000_000);
const INSTALMENTS = 30;
const READS = 1_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `prestamos_bench_servicing_${BORROWERS}`;
/** The first timed business date; the seeded book is as the run of the day before left it. */
const FIRST = '2026-11-24';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
// BENCH_REUSE=1 times the next ordinary day on a book an earlier BENCH_KEEP=1 run left (no seed;
// the first run too, when that one never finished).
const reuse =
  process.env.BENCH_REUSE === '1' &&
  (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
if (!reuse) {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
}
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const database = await openPostgres(url.toString());

/**
 * The money behind the seeded book, as the app leaves it: each loan's disbursement journaled (Dr
 * Cartera / Cr Bancos), and what each loan has paid as one validated receipt, its wallet credit and
 * the debit that applied it to the covered instalments, each journaled (decision 015). So the
 * daily run's books step finds nothing to journal and the books agree with the loan book, as on an
 * ordinary day. Bulk-loaded with triggers off (`session_replication_role = replica`): the journal's
 * per-row balance triggers would take longer than the run being measured; the run's own check
 * (debits = credits, portfolio = outstanding principal, wallets) is what proves the seed balanced.
 */
async function seedBooks() {
  const [cashier] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into staff_accounts (email, name, role, password_hash)
      values ('caja@bench.example', 'CAJA BENCH', 'cashier', 'not-a-hash') returning id
    `),
  );
  const staffId = cashier!.id;
  const { bank, portfolio, unappliedReceipts, interestIncome, adminFeeIncome } = LEDGER_ACCOUNT;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local work_mem = '512MB'`);
    await tx.execute(sql`
      create temporary table paid on commit drop as
      select i.loan_id, l.borrower_id, l.disbursed_on, i.first_id, i.charge, i.fee, i.amount
      from (
        select loan_id, min(id) as first_id, sum(charge_covered_cents) as charge,
          sum(administrator_fee_covered_cents) as fee, sum(amount_covered_cents) as amount
        from instalments group by loan_id
      ) i
      join loans l on l.id = i.loan_id
      where i.amount > 0
    `);
    await tx.execute(sql`
      insert into receipts (borrower_id, loan_id, instalment_id, reference, canonical_reference,
        declared_amount_cents, storage_key, content_type, size, photo_sha256, state,
        received_amount_cents, value_date, decided_by_staff_id, decided_at, ip, sent_at, photo_updated_at)
      select borrower_id, loan_id, first_id, 'DEP' || loan_id, loan_id::text, charge + fee + amount,
        'bench/' || loan_id, 'image/jpeg', 1000, md5(loan_id::text) || md5(loan_id::text), 'validated',
        charge + fee + amount, disbursed_on + 7, ${staffId}, (disbursed_on + 7)::timestamptz, '127.0.0.1',
        (disbursed_on + 7)::timestamptz, (disbursed_on + 7)::timestamptz
      from paid
    `);
    await tx.execute(sql`
      insert into wallet_entries (borrower_id, loan_id, kind, amount_cents, receipt_id, business_date, value_date, staff_id)
      select borrower_id, loan_id, 'credit', received_amount_cents, id, value_date, value_date, ${staffId} from receipts
    `);
    await tx.execute(sql`
      insert into wallet_entries (borrower_id, loan_id, kind, amount_cents, allocation, business_date)
      select p.borrower_id, p.loan_id, 'debit', -(p.charge + p.fee + p.amount),
        jsonb_build_object('instalments', '[]'::jsonb, 'split', jsonb_build_object(
          'lateFee', 0, 'penalty', 0, 'charge', p.charge, 'administratorFee', p.fee, 'amount', p.amount)),
        p.disbursed_on + 7
      from paid p
    `);
    await tx.execute(sql`
      insert into journal_entries (business_date, event_kind, loan_id, borrower_id, source_key, description)
      select disbursed_on, 'disbursement', id, borrower_id,
        'disbursement:' || id || ':' || (extract(epoch from date_trunc('milliseconds', disbursed_at)) * 1000)::bigint,
        'Desembolso'
      from loans
    `);
    await tx.execute(sql`
      insert into journal_entries (business_date, event_kind, loan_id, borrower_id, wallet_entry_id, receipt_id, staff_id, description)
      select business_date, kind, loan_id, borrower_id, id, receipt_id, staff_id,
        case kind when 'credit' then 'Comprobante validado' else 'Pago aplicado' end
      from wallet_entries
    `);
    await tx.execute(sql`
      insert into journal_lines (entry_id, account_code, debit_cents, credit_cents, loan_id)
      select j.id, line.account, line.debit, line.credit, j.loan_id
      from journal_entries j
      left join loans l on l.id = j.loan_id and j.event_kind = 'disbursement'
      left join wallet_entries w on w.id = j.wallet_entry_id
      cross join lateral (
        values
          ('disbursement', ${portfolio}, l.amount_cents, 0::bigint),
          ('disbursement', ${bank}, 0, l.amount_cents),
          ('credit', ${bank}, w.amount_cents, 0),
          ('credit', ${unappliedReceipts}, 0, w.amount_cents),
          ('debit', ${unappliedReceipts}, -w.amount_cents, 0),
          ('debit', ${portfolio}, 0, (w.allocation->'split'->>'amount')::bigint),
          ('debit', ${interestIncome}, 0, (w.allocation->'split'->>'charge')::bigint),
          ('debit', ${adminFeeIncome}, 0, (w.allocation->'split'->>'administratorFee')::bigint)
      ) as line(kind, account, debit, credit)
      where line.kind = j.event_kind and line.debit + line.credit > 0
    `);
  });
}
const { db } = database;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Seeds the book on the fresh database; the seconds it took. */
async function seedBook(): Promise<number> {
  await migrateDatabase(database);
  await seedReferenceData(db);

  const started = performance.now();
  await db.execute(sql`
    insert into borrowers (person_code, email, mob_phone, first_name, first_surname, gender, birthday, password_hash)
    select '0801' || lpad(g::text, 9, '0'), 'b' || g || '@bench.example', (30000000 + g)::text,
      'NOMBRE', 'APELLIDO', case when g % 2 = 0 then 'F' else 'M' end, '1990-01-01', 'not-a-hash'
    from generate_series(1, ${BORROWERS}) g
  `);
  // Disbursed 1 to 200 days before FIRST: every loan has instalments behind and ahead of it.
  await db.execute(sql`
    insert into loans (borrower_id, product_id, period_type, annual_rate_bp, fee_type, fee_value,
      min_amount_cents, max_amount_cents, min_days, max_days, late_fee_cents, amount_cents, term_days,
      payments, purpose_id, status, requested_on, approved_on, quote, total_cents, annual_cost_percent,
      request_ip, disbursed_at, disbursed_on, disbursement_reference)
    select b.id, 1, 'semanal', 6000, 'percent', 500, 50000, 300000, 7, 210, 5000, 300000, 210,
      ${INSTALMENTS}, 1, 3, d, d, '{"payments": []}'::jsonb, 345000, 120.0, '127.0.0.1', d::timestamptz, d, 'TRF-' || b.id
    from (select id, ${FIRST}::date - 1 - (id % 200) as d from borrowers) b
  `);
  // Paid up to the day before FIRST, but a fifth of the loans stopped paying 1 to 49 days earlier.
  // Loaded as a restore loads a table: its secondary indexes made after the rows, and the row
  // triggers (the loan's foreign key, the servicing marks) off; the first run reads every loan.
  const instalmentIndexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'instalments' and indexname <> 'instalments_pkey'
    `),
  );
  for (const index of instalmentIndexes) await db.execute(sql.raw(`drop index ${index.name}`));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    insert into instalments (loan_id, position, due_date, charge_cents, administrator_fee_cents,
      amount_cents, charge_covered_cents, administrator_fee_covered_cents, amount_covered_cents, status)
    select l.id, k, l.disbursed_on + 7 * k, 1500, 500, 10000,
      case when paid then 1500 else 0 end, case when paid then 500 else 0 end,
      case when paid then 10000 else 0 end, case when paid then 1 else 0 end
    from loans l cross join generate_series(1, ${INSTALMENTS}) k
    cross join lateral (
      select l.disbursed_on + 7 * k < ${FIRST}::date - case when l.id % 5 = 0 then 1 + l.id % 49 else 0 end as paid
    ) p
  `);
  });
  for (const index of instalmentIndexes) await db.execute(sql.raw(index.definition));
  await seedBooks();
  await db.execute(sql`analyze`);
  return seconds(performance.now() - started);
}

try {
  let seedSeconds: number | null = null;
  if (!reuse) seedSeconds = await seedBook();
  // A kept book from an older version gets the newer migrations first, as an upgrade would.
  else await migrateDatabase(database);
  const [{ n: instalmentCount }] = (
    (await db.execute(sql`select count(*)::int as n from instalments`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows as [{ n: number }];

  // The 1,000 schedule reads come from one address, which the per-IP limit would refuse after 300
  // in a minute. The limiter stays on and counts as in production, on a ceiling this one client
  // never reaches (as `npm run bench` does): the read's time includes the counting.
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url.toString(),
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const clock = manualClock(`${FIRST}T12:00:00Z`);
  const integrations = createIntegrations(config);
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  const deps = { config, db, clock, integrations, log: silent };

  const timed = async (date: string) => {
    clock.set(`${date}T12:00:00Z`);
    const t0 = performance.now();
    // Each step's own time: the states and the reminders run side by side, so these overlap.
    const steps: Record<string, number> = {};
    const outcome = await runServicingDate(deps, date, {
      afterStep: (step, ms) => {
        steps[step] = seconds(ms);
      },
    });
    if (!outcome.ran) throw new Error(`${date} did not run: ${outcome.reason}`);
    console.error(`${date}: ${seconds(performance.now() - t0)} s`, steps);
    return { date, ms: performance.now() - t0, counts: outcome.counts, steps, scope: outcome.scope };
  };
  const newestDone = async () =>
    rowsOf<{ date: string | null }>(
      await db.execute(
        sql`select max(business_date)::text as date from servicing_runs where status = 'done'`,
      ),
    )[0]?.date ?? null;
  // A kept book whose first run never finished gets it now (its claim, on the bench's clock, would
  // never go stale).
  if (reuse) await db.execute(sql`delete from servicing_runs where status = 'running'`);
  const first = reuse && (await newestDone()) ? null : await timed(FIRST);
  const next = await timed(addDays((await newestDone())!, 1));

  // A borrower's schedule through the whole stack: session, ownership, 30 instalments.
  const app = await buildApp({ config, db, listen: database.listen, clock, integrations, logger: false });
  const sids: { sid: string; loanId: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const borrowerId = 1 + Math.floor(Math.random() * BORROWERS);
    const { sid } = await createSession(deps, { borrowerId, state: 'active' });
    sids.push({ sid, loanId: borrowerId });
  }
  const read = async ({ sid, loanId }: { sid: string; loanId: number }) => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/app/getBorrowerRepaymentSchedule.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sid, ContainerId: loanId }),
    });
    const ms = performance.now() - t0;
    const body = res.json() as { status: string; payload: unknown[] };
    if (body.status !== 'OK' || body.payload.length !== INSTALMENTS) throw new Error(`bad read: ${res.body}`);
    return ms;
  };
  for (const s of sids.slice(0, 50)) await read(s); // warm-up
  const times: number[] = [];
  for (let i = 0; i < READS; i++) times.push(await read(sids[i % sids.length]!));
  times.sort((a, b) => a - b);
  const p = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
  await app.close();

  const stepsOf = (run: typeof next) =>
    Object.entries(run.steps)
      .map(([step, s]) => `${step} ${s}`)
      .join(', ');
  const result = {
    borrowers: BORROWERS,
    instalments: instalmentCount,
    seedSeconds,
    firstRunSeconds: first && seconds(first.ms),
    firstRunSteps: first?.steps,
    firstRunCounts: first?.counts,
    dailyRunDate: next.date,
    dailyRunSeconds: seconds(next.ms),
    dailyRunSteps: next.steps,
    dailyRunScope: next.scope,
    dailyRunCounts: next.counts,
    scheduleReadMs: { p50: p(0.5), p95: p(0.95), p99: p(0.99) },
  };
  console.log(JSON.stringify(result, null, 2));
  const n = (value: number) => value.toLocaleString('en');
  const firstRow = first
    ? `| first run: the whole book (${n(first.counts.instalmentsChanged)} instalments changed, ${n(first.counts.remindersSent)} reminders; seconds per step, the states and the reminders side by side: ${stepsOf(first)}) | ${seconds(first.ms)} s |\n`
    : '';
  console.log(`
| ${n(BORROWERS)} borrowers, ${n(instalmentCount)} instalments (PostgreSQL) | figure |
| --- | --- |
${firstRow}| an ordinary day's run: ${n(next.scope.loans ?? BORROWERS)} loans that could change (${n(next.counts.instalmentsChanged)} instalments changed, ${n(next.counts.lateFeesCharged)} late fees, ${n(next.counts.remindersSent)} reminders; seconds per step, the states and the reminders side by side: ${stepsOf(next)}) | ${seconds(next.ms)} s |
| a borrower's schedule read, p50 / p95 / p99 (HTTP, ${n(READS)} reads) | ${p(0.5)} / ${p(0.95)} / ${p(0.99)} ms |`);
} finally {
  await database.close();
  // BENCH_KEEP=1 leaves the seeded database behind, to read the run's plans (EXPLAIN) by hand.
  if (process.env.BENCH_KEEP === '1') console.error(`kept: ${url.toString()}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
