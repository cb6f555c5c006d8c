import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MIGRATIONS,
  migrateTo,
  migrationDatabases,
  query,
  type MigrationDatabases,
} from './support/migration-db.ts';

/**
 * Migration 0013 (decision 014) on a database with a book the older code left, on PGlite or the
 * suite's PostgreSQL: a validated receipt and its wallet credit get their value date (the
 * Tegucigalpa day the receipt was sent), a late fee already charged becomes its charges-ledger row
 * dated by the run that charged it, loans and price lists get one grace day and L 1.00 of
 * tolerance, the holidays are seeded, and the new ledger is append-only.
 */
let databases: MigrationDatabases;
beforeAll(() => {
  databases = migrationDatabases('0012_loan_lifecycle');
});
afterAll(() => databases.close());

describe('migration 0013 on a database with a book', () => {
  it(
    'backfills value dates and the late fees already charged; seeds grace, tolerance and holidays',
    { timeout: 120_000 },
    async () => {
      const database = await databases.empty();
      await migrateTo(database, databases.partial);
      const run = (text: string) => query(database, text);
      await run(
        `insert into products (id, period_type, name, description) values (1, 'mensual', 'Mensual', 'Prueba')`,
      );
      await run(`insert into loan_purposes (id, title) values (1, 'Prueba')`);
      await run(
        `insert into borrowers (id, person_code, email, mob_phone, first_name, first_surname, gender, birthday, password_hash)
       values (1, '0801199000001', 'm1@migration.example', '30000001', 'NOMBRE', 'APELLIDO', 'F', '1990-01-01', 'x')`,
      );
      await run(
        `insert into loans (id, borrower_id, product_id, period_type, annual_rate_bp, fee_type, fee_value,
         min_amount_cents, max_amount_cents, min_days, max_days, amount_cents, term_days, payments,
         purpose_id, status, requested_on, approved_on, quote, total_cents, annual_cost_percent, request_ip,
         late_fee_cents, disbursed_at, disbursed_on, disbursement_reference)
       values (1, 1, 1, 'mensual', 6000, 'percent', 500, 100000, 500000, 30, 90, 100000, 90, 3, 1, 8,
         '2026-11-22', '2026-11-22', '{"payments": []}'::jsonb, 125163, 120.0, '127.0.0.1', 10000,
         '2026-11-22T15:00:00Z', '2026-11-22', 'TRF-1')`,
      );
      await run(
        `insert into instalments (id, loan_id, position, due_date, charge_cents, administrator_fee_cents, amount_cents,
         late_fee_cents, status)
       values (1, 1, 1, '2026-12-22', 5000, 5000, 31721, 10000, 3),
              (2, 1, 2, '2027-01-21', 3414, 5000, 33307, 0, 5),
              (3, 1, 3, '2027-02-20', 1749, 5000, 34972, 0, 2)`,
      );
      await run(
        `insert into instalment_status_changes (instalment_id, loan_id, business_date, from_status, to_status, late_fee_cents)
       values (1, 1, '2026-12-23', 5, 3, 10000)`,
      );
      // Sent at 18:30 on 22 December in Tegucigalpa (00:30 UTC the 23rd), validated on the 24th.
      await run(
        `insert into staff_accounts (id, email, name, role, password_hash) values (1, 'c@x.example', 'Caja', 'cashier', 'x')`,
      );
      await run(
        `insert into receipts (id, borrower_id, loan_id, instalment_id, reference, declared_amount_cents, storage_key,
         content_type, size, photo_sha256, state, received_amount_cents, decided_at, decided_by_staff_id, ip,
         sent_at, photo_updated_at)
       values (1, 1, 1, 1, 'REF1', 20000, 'k1', 'image/jpeg', 10, repeat('a', 64), 'validated', 20000,
         '2026-12-24T15:00:00Z', 1, '127.0.0.1', '2026-12-23T00:30:00Z', '2026-12-23T00:30:00Z')`,
      );
      await run(
        `insert into wallet_entries (borrower_id, loan_id, kind, amount_cents, receipt_id, business_date)
       values (1, 1, 'credit', 20000, 1, '2026-12-24')`,
      );

      await migrateTo(database, MIGRATIONS);
      expect(await query(database, `select value_date::text as d from receipts`)).toEqual([
        { d: '2026-12-22' },
      ]);
      expect(await query(database, `select value_date::text as d from wallet_entries`)).toEqual([
        { d: '2026-12-22' },
      ]);
      expect(
        await query(
          database,
          `select instalment_id::int as i, kind, component, amount_cents::int as cents, business_date::text as d from loan_charges`,
        ),
      ).toEqual([{ i: 1, kind: 'late_fee', component: 'lateFee', cents: 10000, d: '2026-12-23' }]);
      expect(
        await query(database, `select grace_days as g, arrears_tolerance_cents::int as t from loans`),
      ).toEqual([{ g: 1, t: 100 }]);
      const [holidays] = await query<{ n: number }>(
        database,
        `select count(*)::int as n from holidays where date in ('2026-04-02', '2026-04-03', '2026-10-07', '2026-12-25', '2028-04-14')`,
      );
      expect(holidays!.n).toBe(5);
      const changed = await query(database, `update loan_charges set amount_cents = 1`).then(
        () => '',
        (e: unknown) => String((e as { cause?: unknown }).cause ?? e),
      );
      expect(changed).toContain('loan_charges is append-only');
      // And the wallet is append-only again.
      const walletChanged = await query(database, `delete from wallet_entries`).then(
        () => '',
        (e: unknown) => String((e as { cause?: unknown }).cause ?? e),
      );
      expect(walletChanged).toContain('append-only');
    },
  );
});
