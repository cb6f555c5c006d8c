import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  MIGRATIONS,
  migrateTo,
  migrationDatabases,
  query,
  type MigrationDatabases,
} from './support/migration-db.ts';

/**
 * Migration 0012 (decision 014, point 6) on a database that already has loans, on PGlite or on the
 * PostgreSQL of DATABASE_URL: migrated up to 0011, filled the way the old code left it, then
 * migrated to the end. The approval date is backfilled; a database where a borrower in collections
 * asked for another loan (the old rule allowed it) stops the migration, naming them, and is left
 * as it was.
 */
const BEFORE = '0011_reference_data_seeds';

let databases: MigrationDatabases;
let partial: string;
beforeAll(() => {
  databases = migrationDatabases(BEFORE);
  partial = databases.partial;
});
afterAll(() => databases.close());
const emptyDatabase = () => databases.empty();

/** A database at 0011 with a product, a purpose and `borrowers` borrowers (ids 1..n). */
async function databaseAt0011(borrowers: number): Promise<Database> {
  const database = await emptyDatabase();
  await migrateTo(database, partial);
  await query(
    database,
    `insert into products (id, period_type, name, description) values (1, 'mensual', 'Mensual', 'Prueba')`,
  );
  await query(database, `insert into loan_purposes (id, title) values (1, 'Prueba')`);
  await query(
    database,
    `insert into borrowers (id, person_code, email, mob_phone, first_name, first_surname, gender, birthday, password_hash)
     select g, '0801' || lpad(g::text, 9, '0'), 'm' || g || '@migration.example', (30000000 + g)::text,
       'NOMBRE', 'APELLIDO', 'F', '1990-01-01', 'not-a-hash'
     from generate_series(1, ${borrowers}) g`,
  );
  return database;
}

/** A loan as the old code stored it (no approved_on), requested on 2026-11-20. */
const insertLoan = (
  database: Database,
  loan: { id: number; borrowerId: number; status: number; decidedAt?: string; disbursed?: boolean },
) => {
  const decided = loan.decidedAt ? `'${loan.decidedAt}'::timestamptz` : 'null';
  const disbursed = loan.disbursed
    ? `'2026-11-29T15:00:00Z'::timestamptz, '2026-11-29', 'TRF-${loan.id}'`
    : 'null, null, null';
  const reason = loan.status === 2 ? `'No califica.'` : 'null';
  return query(
    database,
    `insert into loans (id, borrower_id, product_id, period_type, annual_rate_bp, fee_type, fee_value,
       min_amount_cents, max_amount_cents, min_days, max_days, amount_cents, term_days, payments,
       purpose_id, status, requested_on, quote, total_cents, annual_cost_percent, request_ip,
       decided_at, rejection_reason, disbursed_at, disbursed_on, disbursement_reference)
     values (${loan.id}, ${loan.borrowerId}, 1, 'mensual', 6000, 'percent', 500, 100000, 500000, 30, 90,
       100000, 90, 3, 1, ${loan.status}, '2026-11-20', '{"payments": []}'::jsonb, 125163, 120.0,
       '127.0.0.1', ${decided}, ${reason}, ${disbursed})`,
  );
};

const approvalAudit = (database: Database, loanId: number, at: string) =>
  query(
    database,
    `insert into audit_log (actor_type, actor_id, action, entity, entity_id, after, at)
     values ('staff', '1', 'loan.approve', 'loan', '${loanId}', '{"status": 5}'::jsonb, '${at}')`,
  );

describe('migration 0012 on a database with loans', () => {
  it(
    'backfills the approval date of every loan approved so far, in Tegucigalpa dates',
    { timeout: 120_000 },
    async () => {
      const database = await databaseAt0011(9);
      // 5 Reunido approved at 21:00 on 27 November in Tegucigalpa (03:00 UTC the 28th): its audit row.
      await insertLoan(database, { id: 1, borrowerId: 1, status: 5, decidedAt: '2026-11-28T03:00:00Z' });
      await approvalAudit(database, 1, '2026-11-28T03:00:00Z');
      // 3 Pagando without an audit row: its decision.
      await insertLoan(database, {
        id: 2,
        borrowerId: 2,
        status: 3,
        decidedAt: '2026-11-25T15:00:00Z',
        disbursed: true,
      });
      // 10 Corte with neither (a loan loaded by hand): its request date.
      await insertLoan(database, { id: 3, borrowerId: 3, status: 10, disbursed: true });
      // 7 approved, then expired: its decision. 7 never approved: none.
      await insertLoan(database, { id: 4, borrowerId: 4, status: 7, decidedAt: '2026-11-21T15:00:00Z' });
      await insertLoan(database, { id: 5, borrowerId: 5, status: 7 });
      // 2 approved, then rejected (decided_at is the rejection): its approval's audit row.
      await insertLoan(database, { id: 6, borrowerId: 6, status: 2, decidedAt: '2026-11-26T15:00:00Z' });
      await approvalAudit(database, 6, '2026-11-22T15:00:00Z');
      // 2 rejected at once, 0 and 1 waiting: none.
      await insertLoan(database, { id: 7, borrowerId: 7, status: 2, decidedAt: '2026-11-21T15:00:00Z' });
      await insertLoan(database, { id: 8, borrowerId: 8, status: 0 });
      await insertLoan(database, { id: 9, borrowerId: 9, status: 1 });

      await migrateTo(database, MIGRATIONS);
      const rows = await query<{ id: number; approved_on: string | null }>(
        database,
        `select id, approved_on::text as approved_on from loans order by id`,
      );
      expect(rows.map((r) => [r.id, r.approved_on])).toEqual([
        [1, '2026-11-27'],
        [2, '2026-11-25'],
        [3, '2026-11-20'],
        [4, '2026-11-21'],
        [5, null],
        [6, '2026-11-22'],
        [7, null],
        [8, null],
        [9, null],
      ]);

      // The index now counts the collections stages: borrower 3 (10 Corte) cannot have a request.
      const refused = await query(
        database,
        `insert into loans (id, borrower_id, product_id, period_type, annual_rate_bp, fee_type, fee_value,
         min_amount_cents, max_amount_cents, min_days, max_days, amount_cents, term_days, payments,
         purpose_id, status, requested_on, quote, total_cents, annual_cost_percent, request_ip)
       select 100, borrower_id, product_id, period_type, annual_rate_bp, fee_type, fee_value,
         min_amount_cents, max_amount_cents, min_days, max_days, amount_cents, term_days, payments,
         purpose_id, 0, requested_on, quote, total_cents, annual_cost_percent, request_ip
       from loans where id = 3`,
      ).then(
        () => '',
        (e: unknown) => String((e as { cause?: unknown }).cause ?? e),
      );
      expect(refused).toContain('loans_one_blocking_per_borrower_key');
      // And an approved status needs its date.
      const unapproved = await query(database, `update loans set status = 5 where id = 5`).then(
        () => '',
        (e: unknown) => String((e as { cause?: unknown }).cause ?? e),
      );
      expect(unapproved).toContain('loans_approved_on_check');
    },
  );

  it('stops, naming the borrowers, where one in collections already asked for another loan', async () => {
    const database = await databaseAt0011(3);
    // Borrower 1: 9 Alguacil and, allowed by the old rule, a request. Borrower 2: 11 and 3 (paid out).
    // Borrower 3: 10 Corte and a loan paid off (4): fine.
    await insertLoan(database, { id: 1, borrowerId: 1, status: 9, decidedAt: '2026-11-20T15:00:00Z' });
    await insertLoan(database, { id: 2, borrowerId: 1, status: 0 });
    await insertLoan(database, { id: 3, borrowerId: 2, status: 11, decidedAt: '2026-11-20T15:00:00Z' });
    await insertLoan(database, { id: 4, borrowerId: 2, status: 3, decidedAt: '2026-11-20T15:00:00Z' });
    await insertLoan(database, { id: 5, borrowerId: 3, status: 10, decidedAt: '2026-11-20T15:00:00Z' });
    await insertLoan(database, { id: 6, borrowerId: 3, status: 4, decidedAt: '2026-11-20T15:00:00Z' });

    const error = await migrateTo(database, MIGRATIONS).then(
      () => null,
      (e: unknown) => e,
    );
    const text = String((error as { cause?: unknown } | null)?.cause ?? error);
    expect(text).toContain('these borrowers have more than one loan in 0, 1, 3, 5, 8, 9, 10 or 11');
    expect(text).toContain(': 1, 2.');
    // Nothing of 0012 stayed: no column, the old index.
    const columns = await query(
      database,
      `select 1 from information_schema.columns where table_name = 'loans' and column_name = 'approved_on'`,
    );
    expect(columns).toEqual([]);
    const [index] = await query<{ indexdef: string }>(
      database,
      `select indexdef from pg_indexes where indexname = 'loans_one_blocking_per_borrower_key'`,
    );
    expect(index!.indexdef).toContain('[0, 1, 3, 5, 8]');

    // Once staff reject the request and the two loans of borrower 2 are sorted out, it goes through.
    await query(database, `update loans set status = 2, rejection_reason = 'En cobranza.' where id = 2`);
    await query(database, `update loans set status = 4 where id = 4`);
    await migrateTo(database, MIGRATIONS);
    const [after] = await query<{ indexdef: string }>(
      database,
      `select indexdef from pg_indexes where indexname = 'loans_one_blocking_per_borrower_key'`,
    );
    expect(after!.indexdef).toContain('[0, 1, 3, 5, 8, 9, 10, 11]');
  });
});
