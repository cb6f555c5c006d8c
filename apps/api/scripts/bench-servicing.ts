// `npm run bench:servicing`: the daily run at scale on PostgreSQL. Makes a fresh database on
// BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test), seeds 100,000
// borrowers, each with a disbursed weekly loan of 30 instalments (3,000,000 instalments; a fifth of
// the loans behind on up to seven weeks, the rest paid up to date), then times:
//   - the first run (every open instalment gets its status from scratch: the worst case), and
//   - the next date's run (the ordinary day: a seventh of the loans have an instalment falling due),
// and the p95 of a borrower's schedule read (getBorrowerRepaymentSchedule.php through the whole HTTP
// stack, 1,000 reads of random borrowers). Prints the figures as JSON and a table for the README.
// Figures never go into tests. BENCH_BORROWERS changes the size (30 instalments each).
import { performance } from 'node:perf_hooks';
import { addDays } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { manualClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openPostgres } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { createIntegrations } from '../src/integrations/index.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { createSession } from '../src/services/sessions.ts';

const BORROWERS = Number(process.env.BENCH_BORROWERS ?? 100_000);
const INSTALMENTS = 30;
const READS = 1_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = 'prestamos_bench_servicing';
/** The first timed business date; the seeded book is as the run of the day before left it. */
const FIRST = '2026-11-24';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const database = await openPostgres(url.toString());
const { db } = database;
const seconds = (ms: number) => Math.round(ms / 100) / 10;
try {
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
      payments, purpose_id, status, requested_on, quote, total_cents, annual_cost_percent, request_ip,
      disbursed_at, disbursed_on, disbursement_reference)
    select b.id, 1, 'semanal', 6000, 'percent', 500, 50000, 300000, 7, 210, 5000, 300000, 210,
      ${INSTALMENTS}, 1, 3, d, '{"payments": []}'::jsonb, 345000, 120.0, '127.0.0.1', d::timestamptz, d, 'TRF-' || b.id
    from (select id, ${FIRST}::date - 1 - (id % 200) as d from borrowers) b
  `);
  // Paid up to the day before FIRST, but a fifth of the loans stopped paying 1 to 49 days earlier.
  await db.execute(sql`
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
  await db.execute(sql`analyze`);
  const seeded = performance.now() - started;
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
    const outcome = await runServicingDate(deps, date);
    if (!outcome.ran) throw new Error(`${date} did not run: ${outcome.reason}`);
    return { ms: performance.now() - t0, counts: outcome.counts };
  };
  const first = await timed(FIRST);
  const next = await timed(addDays(FIRST, 1));

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

  const result = {
    borrowers: BORROWERS,
    instalments: instalmentCount,
    seedSeconds: seconds(seeded),
    firstRunSeconds: seconds(first.ms),
    firstRunCounts: first.counts,
    dailyRunSeconds: seconds(next.ms),
    dailyRunCounts: next.counts,
    scheduleReadMs: { p50: p(0.5), p95: p(0.95), p99: p(0.99) },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`
| ${BORROWERS.toLocaleString('en')} borrowers, ${instalmentCount.toLocaleString('en')} instalments (PostgreSQL) | figure |
| --- | --- |
| first run (every open instalment from scratch; ${first.counts.instalmentsChanged.toLocaleString('en')} changed, ${first.counts.remindersSent.toLocaleString('en')} reminders) | ${seconds(first.ms)} s |
| an ordinary day's run (${next.counts.instalmentsChanged.toLocaleString('en')} instalments changed, ${next.counts.lateFeesCharged.toLocaleString('en')} late fees, ${next.counts.remindersSent.toLocaleString('en')} reminders) | ${seconds(next.ms)} s |
| a borrower's schedule read, p50 / p95 / p99 (HTTP, ${READS} reads) | ${p(0.5)} / ${p(0.95)} / ${p(0.99)} ms |`);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
