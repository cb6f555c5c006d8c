import { addDays, scheduleStatuses, lateFeeToCharge } from '@prestamos-hn/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalments, loans } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/client.ts';
import {
  chargeDefaultInterest,
  chargesTodaySql,
  instalmentRemainingSql,
  updateInstalmentStates,
} from '../src/services/servicing/schedule-states.ts';
import { borrowerWithDisbursedLoan, paymentStaff, scheduleOf } from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 13: the daily run's set-based SQL gives every instalment the status the domain's pure
// `scheduleStatuses` gives, and charges the late fee `lateFeeToCharge` charges, for any schedule,
// grace days and arrears tolerance (decision 014).
let t: TestApp;
let loanId: number;
beforeAll(async () => {
  t = await createTestApp();
  loanId = (await borrowerWithDisbursedLoan(t, await paymentStaff(t))).loanId;
});
afterAll(() => t.close());

const LOAN_LATE_FEE = 10_000;
const part = fc.constantFrom('none', 'some', 'all');

describe('updateInstalmentStates agrees with the domain', () => {
  it('for random schedules and business dates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 3, maxLength: 3 }),
        fc.array(part, { minLength: 3, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: -10, max: 120 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(0, 100, 20_000),
        async (gaps, parts, charged, dayOffset, graceDays, arrearsToleranceCents) => {
          const start = '2026-12-01';
          // Each case starts with no late fee charged: the charges ledger is append-only, so the
          // test (and only a test) clears it with its trigger off.
          await t.deps.db.execute(sql`alter table loan_charges disable trigger loan_charges_append_only`);
          await t.deps.db.execute(sql`delete from loan_charges`);
          await t.deps.db.execute(sql`alter table loan_charges enable trigger loan_charges_append_only`);
          const schedule = await scheduleOf(t, loanId);
          let due = start;
          for (const [k, row] of schedule.entries()) {
            due = addDays(due, gaps[k]!);
            const lateFee = charged[k] ? LOAN_LATE_FEE : 0;
            const cover = (total: number) =>
              parts[k] === 'all' ? total : parts[k] === 'some' ? Math.floor(total / 3) : 0;
            await t.deps.db
              .update(instalments)
              .set({
                dueDate: due,
                status: 0,
                lateFeeCents: lateFee,
                lateFeeCoveredCents: cover(lateFee),
                chargeCoveredCents: cover(row.chargeCents),
                administratorFeeCoveredCents: cover(row.administratorFeeCents),
                amountCoveredCents: cover(row.amountCents),
              })
              .where(eq(instalments.id, row.id));
          }
          await t.deps.db
            .update(loans)
            .set({ status: 3, lateFeeCents: LOAN_LATE_FEE, graceDays, arrearsToleranceCents })
            .where(eq(loans.id, loanId));
          const before = await scheduleOf(t, loanId);
          const businessDate = addDays(start, dayOffset);
          await updateInstalmentStates(t.deps.db, businessDate, t.clock.now());
          const after = await scheduleOf(t, loanId);
          const expected = scheduleStatuses(businessDate, before, arrearsToleranceCents);
          expect(after.map((i) => i.status)).toEqual(expected);
          const terms = { lateFeeCents: LOAN_LATE_FEE, graceDays, arrearsToleranceCents };
          expect(after.map((i) => i.lateFeeCents)).toEqual(
            before.map((i) => i.lateFeeCents + lateFeeToCharge(businessDate, i, terms)),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('chargesTodaySql: what the reminders add to what is owed, read before the states step', () => {
  // The reminders run beside the states step and may read the book before it charges anything: the
  // amount they state must be what the instalment owes once that step is done (daily-run.ts).
  const owed = async (businessDate: string) =>
    rowsOf<{ id: number; before: string; after: string }>(
      await t.deps.db.execute(sql`
        select i.id, ${instalmentRemainingSql} as before,
          ${instalmentRemainingSql} + ${chargesTodaySql(businessDate)} as after
        from instalments i join loans l on l.id = i.loan_id
        where i.loan_id = ${loanId} order by i.position
      `),
    );

  it('is the late fee and the day of default interest the states step then charges, for random schedules and dates', async () => {
    let charged = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 3, maxLength: 3 }),
        fc.array(part, { minLength: 3, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: -10, max: 160 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom(0, 100, 20_000),
        async (gaps, parts, feeCharged, dayOffset, graceDays, arrearsToleranceCents) => {
          const start = '2026-12-01';
          await t.deps.db.execute(sql`alter table loan_charges disable trigger loan_charges_append_only`);
          await t.deps.db.execute(sql`delete from loan_charges`);
          await t.deps.db.execute(sql`alter table loan_charges enable trigger loan_charges_append_only`);
          let due = start;
          for (const [k, row] of (await scheduleOf(t, loanId)).entries()) {
            due = addDays(due, gaps[k]!);
            const cover = (total: number) =>
              parts[k] === 'all' ? total : parts[k] === 'some' ? Math.floor(total / 3) : 0;
            await t.deps.db
              .update(instalments)
              .set({
                dueDate: due,
                status: 0,
                lateFeeCents: feeCharged[k] ? LOAN_LATE_FEE : 0,
                lateFeeCoveredCents: 0,
                penaltyFeeCents: 0,
                penaltyCoveredCents: 0,
                chargeCoveredCents: cover(row.chargeCents),
                administratorFeeCoveredCents: cover(row.administratorFeeCents),
                amountCoveredCents: cover(row.amountCents),
              })
              .where(eq(instalments.id, row.id));
          }
          await t.deps.db
            .update(loans)
            .set({ status: 3, lateFeeCents: LOAN_LATE_FEE, graceDays, arrearsToleranceCents })
            .where(eq(loans.id, loanId));
          const businessDate = addDays(start, dayOffset);
          const read = await owed(businessDate);
          await updateInstalmentStates(t.deps.db, businessDate, t.clock.now());
          await chargeDefaultInterest(t.deps.db, businessDate, t.clock.now());
          const done = await owed(businessDate);
          // Read before the step, what is owed with today's charges is what is owed after it; read
          // after it (a run resumed), nothing is added twice.
          expect(read.map((r) => Number(r.after))).toEqual(done.map((r) => Number(r.before)));
          expect(done.map((r) => Number(r.after))).toEqual(done.map((r) => Number(r.before)));
          charged += read.filter((r) => Number(r.after) > Number(r.before)).length;
        },
      ),
      { numRuns: 80 },
    );
    // The cases did charge something (a late fee, default interest or both) on the way.
    expect(charged).toBeGreaterThan(10);
  });
});
