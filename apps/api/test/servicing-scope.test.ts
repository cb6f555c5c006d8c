import { addDays, INSTALMENT_STATUS as I, LOAN_STATUS as L } from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { instalments, loanCharges, loans } from '../src/db/schema/index.ts';
import { reverseReceipt } from '../src/services/payments/receipt-reversal.ts';
import { runMissedDates, runServicingDate } from '../src/services/servicing/daily-run.ts';
import {
  chargeDefaultInterest,
  updateInstalmentStates,
  updateLoanStates,
} from '../src/services/servicing/schedule-states.ts';
import {
  borrowerWithDisbursedLoan,
  paymentStaff,
  postReceipt,
  scheduleOf,
  sessionNow,
  validateReceipt,
} from './support/payments.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 34 point 7, decision 019: an ordinary day's run looks only at the loans that can change on
// its date (marked by what wrote them, or with a due date crossing a threshold), and leaves the book
// exactly as a run over the whole book would. REQUEST disbursed on 2026-11-22 is due 2026-12-22,
// 2027-01-21 and 2027-02-20 (L 417.21 each), with one grace day before its late fee.
const START = '2026-11-22T15:00:00Z';
const nineAm = (date: string) => `${date}T15:00:00Z`;
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

class Rollback extends Error {}

/**
 * What a run over the whole book would still change on `date` after the day's run: nothing, when
 * the run's scope missed no loan. Run in a transaction that is rolled back.
 */
async function leftForTheWholeBook(t: TestApp, date: string) {
  let left = { instalments: -1, lateFees: -1, defaultInterest: -1, loans: -1 };
  await t.deps.db
    .transaction(async (tx) => {
      const now = t.clock.now();
      const states = await updateInstalmentStates(tx, date, now, 'book');
      const interest = await chargeDefaultInterest(tx, date, now, 'book');
      const moved = await updateLoanStates(tx, date, now, 'book');
      left = {
        instalments: states.changed,
        lateFees: states.lateFees,
        defaultInterest: interest.charged,
        loans: moved.late + moved.caughtUp,
      };
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return left;
}

describe('the ordinary day looks only at the loans that can change', () => {
  it('over three months of payments, a reversal, a change of terms and default interest after maturity, every date leaves what the whole book would', async () => {
    const t = await createTestApp({ now: START });
    apps.push(t);
    const staff = await paymentStaff(t);
    await runMissedDates(t.deps);
    const early = await borrowerWithDisbursedLoan(t, staff); // pays before the due date; reversed later
    const late = await borrowerWithDisbursedLoan(t, staff); // pays eight days late
    const lenient = await borrowerWithDisbursedLoan(t, staff); // never pays; its tolerance is raised
    const [firstDue] = await scheduleOf(t, early.loanId);
    expect(firstDue!.dueDate).toBe('2026-12-22');

    const pay = async (b: typeof early, reference: string) => {
      const sid = await sessionNow(t, b.borrowerId);
      const sent = await expectOk(
        postReceipt(t, sid, {
          containerId: b.loanId,
          idpago: b.instalmentIds[0]!,
          amount: '417.21',
          reference,
        }),
      );
      await validateReceipt(t, staff, sent.receipt_id as number, { amount: '417.21' });
      return sent.receipt_id as number;
    };
    const scopes: Record<string, { kind: string; loans: number | null }> = {};
    let earlyReceipt = 0;
    for (let date = '2026-11-23'; date <= '2027-03-05'; date = addDays(date, 1)) {
      t.clock.set(nineAm(date));
      const [outcome, ...more] = await runMissedDates(t.deps);
      expect(more).toEqual([]);
      if (!outcome?.ran) throw new Error(`${date} did not run`);
      scopes[date] = outcome.scope;
      expect(await leftForTheWholeBook(t, date), date).toEqual({
        instalments: 0,
        lateFees: 0,
        defaultInterest: 0,
        loans: 0,
      });

      // The day's events, after its run, as in a branch's working hours.
      if (date === '2026-12-20') earlyReceipt = await pay(early, 'DEP-TEMPRANO');
      if (date === '2026-12-30') await pay(late, 'DEP-TARDE');
      if (date === '2027-01-05') {
        // Paid before its due date, so never charged a fee: reopened 14 days late, it owes one now.
        await reverseReceipt(t.deps, staff.supervisor, earlyReceipt, {
          reason: 'Depósito rebotado por el banco',
        });
      }
      if (date === '2027-01-10') {
        // Staff forgive the lenient loan's arrears up to L 1,000: its first instalment is no longer late.
        await t.deps.db
          .update(loans)
          .set({ arrearsToleranceCents: 100_000 })
          .where(eq(loans.id, lenient.loanId));
      }
    }

    expect(scopes['2026-11-23']!.kind).toBe('marked');
    // A quiet date: no due date near, nothing written since the last run.
    expect(scopes['2026-12-01']).toEqual({ kind: 'marked', loans: 0 });
    // The day after the first due date: the two loans that had not paid cross it.
    expect(scopes['2026-12-23']).toEqual({ kind: 'marked', loans: 2 });
    // The reversal (marked) and nothing else crossing that day.
    expect(scopes['2027-01-06']).toEqual({ kind: 'marked', loans: 1 });

    const [reopened] = await scheduleOf(t, early.loanId);
    expect(reopened!.lateFeeCents).toBeGreaterThan(0);
    const [forgiven] = await scheduleOf(t, lenient.loanId);
    expect(forgiven!.status).not.toBe(I.late);
    const [lenientLoan] = await t.deps.db.select().from(loans).where(eq(loans.id, lenient.loanId));
    expect(lenientLoan!.status).toBe(L.paying);
    // Past maturity (2027-02-20 and its grace day), the reopened loan is charged default interest
    // every day; the ordinary days that charged it looked only at the loans that could change.
    const charged = await t.deps.db
      .select()
      .from(loanCharges)
      .where(and(eq(loanCharges.loanId, early.loanId), eq(loanCharges.kind, 'default_interest')));
    expect(charged.length).toBeGreaterThan(10);
    expect(scopes['2027-03-01']!.kind).toBe('marked');
  }, 300_000);

  it('a run asked for in full, or after a long gap, looks at the whole book', async () => {
    const t = await createTestApp({ now: START });
    apps.push(t);
    await runMissedDates(t.deps);
    t.clock.set(nineAm('2026-11-24'));
    const full = await runServicingDate(t.deps, '2026-11-23', { full: true });
    expect(full.ran && full.scope).toEqual({ kind: 'book', loans: null });
    t.clock.set(nineAm('2027-01-10'));
    const afterGap = await runServicingDate(t.deps, '2027-01-10');
    expect(afterGap.ran && afterGap.scope).toEqual({ kind: 'book', loans: null });
  });

  it('an instalment or a loan is never deleted: the run’s history names them without foreign keys', async () => {
    const t = await createTestApp({ now: START });
    apps.push(t);
    const staff = await paymentStaff(t);
    const { loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    await expect(
      t.deps.db.delete(instalments).where(eq(instalments.id, instalmentIds[0]!)),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/rows of instalments are never deleted/) },
    });
    await expect(t.deps.db.delete(loans).where(eq(loans.id, loanId))).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/rows of loans are never deleted/) },
    });
    expect(await scheduleOf(t, loanId)).toHaveLength(instalmentIds.length);
  });
});
