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
const START = '2026-12-01';
const part = fc.constantFrom('none', 'some', 'all');

/**
 * A case: the loan's three instalments due `gaps` days apart from START, each covered in `parts`
 * (late fee, charge, fee and principal alike), charged its late fee already or not, the loan's grace
 * days and tolerance, and the business date `dayOffset` days after START.
 */
const scheduleCase = (maxDayOffset: number, maxGraceDays: number) =>
  fc.record({
    gaps: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 3, maxLength: 3 }),
    parts: fc.array(part, { minLength: 3, maxLength: 3 }),
    charged: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    dayOffset: fc.integer({ min: -10, max: maxDayOffset }),
    graceDays: fc.integer({ min: 0, max: maxGraceDays }),
    arrearsToleranceCents: fc.constantFrom(0, 100, 20_000),
  });
type ScheduleCase = ReturnType<typeof scheduleCase> extends fc.Arbitrary<infer C> ? C : never;

/** Writes `c` over the loan, with no late fee or default interest in the charges ledger; its business date. */
async function setCase(c: ScheduleCase): Promise<string> {
  // The charges ledger is append-only, so the test (and only a test) clears it with its trigger off.
  await t.deps.db.execute(sql`alter table loan_charges disable trigger loan_charges_append_only`);
  await t.deps.db.execute(sql`delete from loan_charges`);
  await t.deps.db.execute(sql`alter table loan_charges enable trigger loan_charges_append_only`);
  let due = START;
  for (const [k, row] of (await scheduleOf(t, loanId)).entries()) {
    due = addDays(due, c.gaps[k]!);
    const lateFee = c.charged[k] ? LOAN_LATE_FEE : 0;
    const cover = (total: number) =>
      c.parts[k] === 'all' ? total : c.parts[k] === 'some' ? Math.floor(total / 3) : 0;
    await t.deps.db
      .update(instalments)
      .set({
        dueDate: due,
        status: 0,
        lateFeeCents: lateFee,
        lateFeeCoveredCents: cover(lateFee),
        penaltyFeeCents: 0,
        penaltyCoveredCents: 0,
        chargeCoveredCents: cover(row.chargeCents),
        administratorFeeCoveredCents: cover(row.administratorFeeCents),
        amountCoveredCents: cover(row.amountCents),
      })
      .where(eq(instalments.id, row.id));
  }
  const { graceDays, arrearsToleranceCents } = c;
  await t.deps.db
    .update(loans)
    .set({ status: 3, lateFeeCents: LOAN_LATE_FEE, graceDays, arrearsToleranceCents })
    .where(eq(loans.id, loanId));
  return addDays(START, c.dayOffset);
}

describe('updateInstalmentStates agrees with the domain', () => {
  it('for random schedules and business dates', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleCase(120, 3), async (c) => {
        const { graceDays, arrearsToleranceCents } = c;
        const businessDate = await setCase(c);
        const before = await scheduleOf(t, loanId);
        await updateInstalmentStates(t.deps.db, businessDate, t.clock.now());
        const after = await scheduleOf(t, loanId);
        const expected = scheduleStatuses(businessDate, before, arrearsToleranceCents);
        expect(after.map((i) => i.status)).toEqual(expected);
        const terms = { lateFeeCents: LOAN_LATE_FEE, graceDays, arrearsToleranceCents };
        expect(after.map((i) => i.lateFeeCents)).toEqual(
          before.map((i) => i.lateFeeCents + lateFeeToCharge(businessDate, i, terms)),
        );
      }),
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
      fc.asyncProperty(scheduleCase(160, 8), async (c) => {
        const businessDate = await setCase(c);
        const read = await owed(businessDate);
        await updateInstalmentStates(t.deps.db, businessDate, t.clock.now());
        await chargeDefaultInterest(t.deps.db, businessDate, t.clock.now());
        const done = await owed(businessDate);
        // Read before the step, what is owed with today's charges is what is owed after it; read
        // after it (a run resumed), nothing is added twice.
        expect(read.map((r) => Number(r.after))).toEqual(done.map((r) => Number(r.before)));
        expect(done.map((r) => Number(r.after))).toEqual(done.map((r) => Number(r.before)));
        charged += read.filter((r) => Number(r.after) > Number(r.before)).length;
      }),
      { numRuns: 80 },
    );
    // The cases did charge something (a late fee, default interest or both) on the way.
    expect(charged).toBeGreaterThan(10);
  });
});
