// Run by `npm run bench` before the server starts: prepares the server's own database (DATA_DIR, or
// DATABASE_URL) with one borrower, an active session, 120 notifications among 10,000 of other
// borrowers and a disbursed weekly loan of 30 instalments (the first ten paid) among the 100 others'
// loans alike, and prints `{"sid": "…", "loanId": …}` so the benchmark can make session calls as that
// borrower and read that loan's schedule.
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase, rowsOf } from '../src/db/client.ts';
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { borrowers, notifications } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { createSession } from '../src/services/sessions.ts';

const NOTIFICATIONS = 120;
const OTHER_BORROWERS = 100;
const EACH_OTHERS_NOTIFICATIONS = 100;
const INSTALMENTS = 30;
const PAID_INSTALMENTS = 10;

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const { db } = database;
  const [borrower] = await db
    .insert(borrowers)
    .values({
      personCode: '0801199099999',
      email: 'bench@example.com',
      mobPhone: '99999999',
      firstName: 'BENCH',
      firstSurname: 'PRUEBA',
      gender: 'F',
      birthday: '1990-01-01',
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: borrowers.id });
  const borrowerId = borrower!.id;
  const now = Date.now();
  const others = await db
    .insert(borrowers)
    .values(
      Array.from({ length: OTHER_BORROWERS }, (_, i) => ({
        personCode: `08011990${String(i).padStart(5, '0')}`,
        email: `bench${i}@example.com`,
        mobPhone: `3${String(i).padStart(7, '0')}`,
        firstName: 'OTRA',
        firstSurname: 'PERSONA',
        gender: 'M',
        birthday: '1990-01-01',
        passwordHash: 'not-a-real-hash',
      })),
    )
    .returning({ id: borrowers.id });
  for (const other of others) {
    await db.insert(notifications).values(
      Array.from({ length: EACH_OTHERS_NOTIFICATIONS }, (_, i) => ({
        borrowerId: other.id,
        title: `Aviso ${i + 1}`,
        body: 'Texto de prueba',
        createdAt: new Date(now - i * 60_000),
        deletedAt: i % 4 === 0 ? new Date(now) : null,
      })),
    );
  }
  await db.insert(notifications).values(
    Array.from({ length: NOTIFICATIONS }, (_, i) => ({
      borrowerId,
      title: `Aviso ${i + 1}`,
      body: 'Texto de prueba',
      createdAt: new Date(now - (NOTIFICATIONS - i) * 60_000),
    })),
  );
  // One disbursed weekly loan each (status 3, paying), disbursed 80 days ago: the first ten
  // instalments paid, the rest open, as getBorrowerRepaymentSchedule.php reads them.
  await db.execute(sql`
    insert into loans (borrower_id, product_id, period_type, annual_rate_bp, fee_type, fee_value,
      min_amount_cents, max_amount_cents, min_days, max_days, late_fee_cents, amount_cents, term_days,
      payments, purpose_id, status, requested_on, approved_on, quote, total_cents, annual_cost_percent,
      request_ip, disbursed_at, disbursed_on, disbursement_reference)
    select b.id, 1, 'semanal', 6000, 'percent', 500, 50000, 300000, 7, 210, 5000, 300000, 210,
      ${INSTALMENTS}, 1, 3, d, d, '{"payments": []}'::jsonb, 345000, 120.0, '127.0.0.1', d::timestamptz, d, 'TRF-' || b.id
    from (select id, current_date - 80 as d from borrowers) b
  `);
  await db.execute(sql`
    insert into instalments (loan_id, position, due_date, charge_cents, administrator_fee_cents,
      amount_cents, charge_covered_cents, administrator_fee_covered_cents, amount_covered_cents, status)
    select l.id, k, l.disbursed_on + 7 * k, 1500, 500, 10000,
      case when k <= ${PAID_INSTALMENTS} then 1500 else 0 end, case when k <= ${PAID_INSTALMENTS} then 500 else 0 end,
      case when k <= ${PAID_INSTALMENTS} then 10000 else 0 end, case when k <= ${PAID_INSTALMENTS} then 1 else 0 end
    from loans l cross join generate_series(1, ${INSTALMENTS}) k
  `);
  // The day's servicing run counts as done: the server starts with no catch-up over these loans
  // (it would run while the benchmark measures; the instalments above are already as of today).
  await db.execute(sql`
    insert into servicing_runs (business_date, status, runner, started_at, heartbeat_at, finished_at)
    values (${todayInTegucigalpa(systemClock.now())}, 'done', 'bench-fixture', now(), now(), now())
  `);
  const [{ id: loanId }] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from loans where borrower_id = ${borrowerId}`),
  ) as [{ id: number }];
  const { sid } = await createSession({ db, clock: systemClock, config }, { borrowerId, state: 'active' });
  process.stdout.write(`${JSON.stringify({ sid, loanId })}\n`);
} finally {
  await database.close();
}
