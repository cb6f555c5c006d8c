import {
  INSTALMENT_STATUS as I,
  LEDGER_ACCOUNT as A,
  LEDGER_ACCOUNTS,
  LOAN_STATUS as L,
  todayInTegucigalpa,
  type JournalEventKind,
} from '@prestamos-hn/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  booksDirtyLoans,
  booksLoanDifferences,
  journalEntries,
  journalLines,
  ledgerAccounts,
  loanCharges,
  loans,
  outbox,
  staffAlerts,
  walletEntries,
} from '../src/db/schema/index.ts';
import { booksFigures, checkBooks } from '../src/services/accounting/books-check.ts';
import { journalBacklog, postJournal } from '../src/services/accounting/post-journal.ts';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { reverseDisbursement } from '../src/services/loans/disbursement-reversal.ts';
import { applyWallet } from '../src/services/payments/apply-wallet.ts';
import { getLoanPayoff, refundLoanCredit } from '../src/services/payments/payoff.ts';
import { reverseReceipt } from '../src/services/payments/receipt-reversal.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { expectError, StaffBrowser, staffWithRole } from './support/backoffice.ts';
import { borrowerReadyToApply, postLocation, REQUEST, TEGUCIGALPA, postOffer } from './support/loans.ts';
import { expectOk } from './support/profile.ts';
import {
  paymentStaff,
  postReceipt,
  scheduleOf,
  sessionNow,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Decision 015 (the books) over the real services and routes, on PGlite and PostgreSQL: each money
// event journals balanced lines in its own transaction; the staff routes read the journal, a
// ledger, the trial balance and the CSV; the daily run checks the books and alerts staff; and a
// scripted month of loans ends with a balanced trial balance and a portfolio account equal to the
// outstanding principal, to the centavo.

/** `hh:mm` in Tegucigalpa (UTC−6) on `date`, as an instant. */
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(Date.parse(`${date}T00:00:00Z`) + ((h! + 6) * 60 + m!) * 60_000).toISOString();
};
const lempiras = (cents: number) => (cents / 100).toFixed(2);
const MONTHLY = REQUEST; // L 1,000 over 90 days, monthly: three instalments of L 417.21
const WEEKLY = { amount: 1000, period: 14, purpose: 1, productId: 1 } as const;

interface Line {
  account: string;
  debitCents: number;
  creditCents: number;
}
const dr = (account: string, cents: number): Line => ({ account, debitCents: cents, creditCents: 0 });
const cr = (account: string, cents: number): Line => ({ account, debitCents: 0, creditCents: cents });

/** A test app with its staff, and the helpers every part of this file uses on it. */
async function booksApp(now: string) {
  const t = await createTestApp({ now });
  const staff: Staff = await paymentStaff(t);
  let references = 0;

  async function approvedLoan(request: Record<string, number> = MONTHLY, borrowerId?: number) {
    let sid: string;
    if (borrowerId === undefined) {
      const borrower = await borrowerReadyToApply(t);
      sid = borrower.sid;
      borrowerId = borrower.borrowerId;
    } else {
      sid = await sessionNow(t, borrowerId);
      await postLocation(t, sid, TEGUCIGALPA);
    }
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid, ...request }))) as {
      container_id: number;
    };
    await decideLoan(t.deps, staff.analyst, loanId, { decision: 'approve' });
    return { borrowerId, loanId };
  }
  const disburse = (loan: { loanId: number }, disbursedOn: string) =>
    recordDisbursement(t.deps, staff.cashier, loan.loanId, {
      disbursedOn,
      reference: `TRF-${loan.loanId}-${disbursedOn}`,
    });
  async function disbursedLoan(on: string, request: Record<string, number> = MONTHLY) {
    const loan = await approvedLoan(request);
    await disburse(loan, on);
    return loan;
  }
  /** The borrower sends a receipt against the first instalment not paid, at `when`. */
  async function send(loan: { borrowerId: number; loanId: number }, cents: number, when: string) {
    t.clock.set(when);
    const sid = await sessionNow(t, loan.borrowerId);
    const open = (await scheduleOf(t, loan.loanId)).find(
      (i) => i.status !== I.paid && i.status !== I.lastPaid,
    )!;
    const sent = await expectOk(
      postReceipt(t, sid, {
        containerId: loan.loanId,
        idpago: open.id,
        amount: lempiras(cents),
        reference: `BOOKS${process.pid}X${++references}`,
      }),
    );
    return sent.receipt_id as number;
  }
  /** A cashier validates a receipt at `when`; what waits as 'Por aprobar' a supervisor confirms. */
  async function validate(receiptId: number, cents: number, when: string, valueDate?: string) {
    t.clock.set(when);
    const decided = await validateReceipt(t, staff, receiptId, {
      amount: lempiras(cents),
      ...(valueDate ? { valueDate } : {}),
    });
    expect(decided.state).toBe('validated');
    return decided;
  }
  const pay = async (loan: { borrowerId: number; loanId: number }, cents: number, when: string) =>
    validate(await send(loan, cents, when), cents, when);

  /** Every journal entry of a loan with its lines, oldest first. */
  async function journalOf(loanId: number) {
    const entries = await t.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.loanId, loanId))
      .orderBy(asc(journalEntries.id));
    const lines = entries.length
      ? await t.deps.db
          .select()
          .from(journalLines)
          .where(
            inArray(
              journalLines.entryId,
              entries.map((e) => e.id),
            ),
          )
          .orderBy(asc(journalLines.id))
      : [];
    return entries.map((e) => ({
      ...e,
      lines: lines
        .filter((l) => l.entryId === e.id)
        .map((l) => ({ account: l.accountCode, debitCents: l.debitCents, creditCents: l.creditCents })),
    }));
  }
  const entriesOfKind = async (loanId: number, kind: JournalEventKind) =>
    (await journalOf(loanId)).filter((e) => e.eventKind === kind);

  /**
   * The three equalities the daily run checks, to the centavo, counted from scratch; and the daily
   * check, which adds only what changed since its last checkpoint (decision 019), finds the same.
   */
  async function expectBooksAgree() {
    const f = await booksFigures(t.deps);
    expect(f.debitCents).toBe(f.creditCents);
    expect(f.portfolioCents).toBe(f.outstandingPrincipalCents);
    expect(f.walletBooksCents).toBe(f.walletsCents);
    const {
      loansJournaled: _,
      alerts,
      ...checked
    } = await checkBooks(t.deps, todayInTegucigalpa(t.clock.now()));
    expect(checked).toEqual(f);
    expect(alerts).toEqual([]);
    return f;
  }
  const walletOf = async (loanId: number) =>
    (await t.deps.db.select().from(walletEntries).where(eq(walletEntries.loanId, loanId))).reduce(
      (s, e) => s + e.amountCents,
      0,
    );
  const loanRow = async (loanId: number) =>
    (await t.deps.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;

  return {
    t,
    staff,
    approvedLoan,
    disburse,
    disbursedLoan,
    send,
    validate,
    pay,
    journalOf,
    entriesOfKind,
    expectBooksAgree,
    walletOf,
    loanRow,
  };
}
type BooksApp = Awaited<ReturnType<typeof booksApp>>;

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

describe('each money event journals one balanced entry in its own transaction', () => {
  const DAY = '2026-12-01';
  let b: BooksApp;
  beforeAll(async () => {
    b = await booksApp(at(DAY, '09:00'));
    apps.push(b.t);
  });

  it('the chart the migration seeds is the domain’s', async () => {
    const rows = await b.t.deps.db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.position));
    expect(rows.map((r) => [r.code, r.name, r.type, r.normalSide])).toEqual(
      LEDGER_ACCOUNTS.map((a) => [a.code, a.name, a.type, a.normalSide]),
    );
  });

  it('a disbursement: Dr Cartera / Cr Bancos, on its date, by its cashier', async () => {
    const loan = await b.disbursedLoan(DAY);
    const [entry, ...rest] = await b.journalOf(loan.loanId);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      eventKind: 'disbursement',
      businessDate: DAY,
      staffId: b.staff.cashier.id,
      description: `Desembolso del préstamo n.º ${loan.loanId}, referencia TRF-${loan.loanId}-${DAY}`,
      lines: [dr(A.portfolio, 100_000), cr(A.bank, 100_000)],
    });
    // Recording the same disbursement again journals nothing more.
    await b.disburse(loan, DAY);
    expect(await b.journalOf(loan.loanId)).toHaveLength(1);
    await b.expectBooksAgree();
  });

  it('a validation in hours: the credit and the application, with interest and fee as income', async () => {
    const loan = await b.disbursedLoan(DAY);
    const receiptId = await b.send(loan, 41_721, at(DAY, '09:30'));
    await b.validate(receiptId, 41_721, at(DAY, '10:00'));
    const [credit] = await b.entriesOfKind(loan.loanId, 'credit');
    expect(credit).toMatchObject({
      receiptId,
      staffId: b.staff.cashier.id,
      businessDate: DAY,
      lines: [dr(A.bank, 41_721), cr(A.unappliedReceipts, 41_721)],
    });
    const [debit] = await b.entriesOfKind(loan.loanId, 'debit');
    // Instalment 1 of L 417.21: interest L 50.00, fee L 50.00, principal L 317.21.
    expect(debit!.lines).toEqual([
      dr(A.unappliedReceipts, 41_721),
      cr(A.portfolio, 31_721),
      cr(A.interestIncome, 5_000),
      cr(A.adminFeeIncome, 5_000),
    ]);
    expect(await b.entriesOfKind(loan.loanId, 'reclassification')).toEqual([]);
    await b.expectBooksAgree();
  });

  it('a validation after hours: only the credit, then the daily run applies and journals it', async () => {
    const loan = await b.disbursedLoan(DAY);
    const receiptId = await b.send(loan, 41_721, at(DAY, '19:00'));
    const decided = await b.validate(receiptId, 41_721, at(DAY, '20:30'));
    expect(decided.appliesLater).toBe(true);
    expect((await b.journalOf(loan.loanId)).map((e) => e.eventKind)).toEqual(['disbursement', 'credit']);
    await b.expectBooksAgree();
    // The next date's run applies it at 8:00: its debit is journaled in the application's transaction.
    b.t.clock.set(at('2026-12-02', '00:05'));
    const run = await runServicingDate(b.t.deps, '2026-12-02');
    expect(run).toMatchObject({
      ran: true,
      counts: { walletsApplied: 1, booksLoansJournaled: 0, booksAlerts: 0 },
    });
    expect((await b.journalOf(loan.loanId)).map((e) => e.eventKind)).toEqual([
      'disbursement',
      'credit',
      'debit',
    ]);
    await b.expectBooksAgree();
  });

  it('overpaying closes the loan: the money left moves to Saldos a favor; a refund pays it out of the bank', async () => {
    b.t.clock.set(at('2026-12-02', '09:00'));
    const loan = await b.disbursedLoan('2026-12-02');
    await b.pay(loan, 130_000, at('2026-12-02', '10:00'));
    expect((await b.loanRow(loan.loanId)).status).toBe(L.paid);
    const credit = await b.walletOf(loan.loanId);
    expect(credit).toBeGreaterThan(0);
    const [reclass] = await b.entriesOfKind(loan.loanId, 'reclassification');
    expect(reclass!.lines).toEqual([dr(A.unappliedReceipts, credit), cr(A.creditBalances, credit)]);
    // The payoff closed it: the unearned interest and fees were waived, and waivers of unpaid
    // charges move no money (cash basis): no income beyond what the money covered.
    const debits = await b.entriesOfKind(loan.loanId, 'debit');
    const covered = debits.flatMap((d) => d.lines).filter((l) => l.account !== A.unappliedReceipts);
    expect(covered.reduce((s, l) => s + l.creditCents, 0)).toBe(130_000 - credit);

    await refundLoanCredit(b.t.deps, b.staff.cashier, loan.loanId, { amount: '25.00', reference: 'DEV-25' });
    const [refund] = await b.entriesOfKind(loan.loanId, 'refund');
    expect(refund).toMatchObject({
      staffId: b.staff.cashier.id,
      description: `Devolución de saldo a favor del préstamo n.º ${loan.loanId}, referencia DEV-25`,
      lines: [
        dr(A.creditBalances, 2_500),
        cr(A.refundsPayable, 2_500),
        dr(A.refundsPayable, 2_500),
        cr(A.bank, 2_500),
      ],
    });
    await b.expectBooksAgree();

    // The rest goes to the borrower's next loan at its disbursement, through the bridge account.
    const next = await b.approvedLoan(WEEKLY, loan.borrowerId);
    await b.disburse(next, '2026-12-02');
    const left = credit - 2_500;
    const [out] = await b.entriesOfKind(loan.loanId, 'transfer');
    expect(out!.lines).toEqual([dr(A.creditBalances, left), cr(A.transfersInTransit, left)]);
    const newJournal = await b.journalOf(next.loanId);
    expect(newJournal.map((e) => e.eventKind)).toEqual(['disbursement', 'transfer']);
    expect(newJournal[1]!.lines).toEqual([dr(A.transfersInTransit, left), cr(A.unappliedReceipts, left)]);
    expect(await b.walletOf(loan.loanId)).toBe(0);
    await b.expectBooksAgree();
  });

  it('an event that fails leaves no journal: the lines are in the event’s own transaction', async () => {
    const loan = await b.disbursedLoan('2026-12-02');
    const receiptId = await b.send(loan, 41_721, at('2026-12-02', '19:00'));
    await b.validate(receiptId, 41_721, at('2026-12-02', '20:30'));
    const before = await b.journalOf(loan.loanId);
    const failure = await b.t.deps.db
      .transaction(async (tx) => {
        const applied = await applyWallet(b.t.deps, tx, loan.loanId, new Date(at('2026-12-03', '08:00')));
        expect(applied?.appliedCents).toBe(41_721);
        const inside = rowsOf<{ n: number | string }>(
          await tx.execute(sql`select count(*) as n from journal_entries where loan_id = ${loan.loanId}`),
        );
        expect(Number(inside[0]!.n)).toBe(before.length + 1);
        throw new Error('the event fails after journaling');
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(await b.journalOf(loan.loanId)).toEqual(before);
    await b.expectBooksAgree();
  });

  it('postJournal is idempotent: a second call writes nothing', async () => {
    const countLines = async () =>
      Number(
        rowsOf<{ n: string }>(await b.t.deps.db.execute(sql`select count(*) as n from journal_lines`))[0]!.n,
      );
    const before = await countLines();
    const loanIds = (await b.t.deps.db.select({ id: loans.id }).from(loans)).map((l) => l.id);
    await b.t.deps.db.transaction(async (tx) => {
      for (const id of loanIds) await postJournal(b.t.deps, tx, id);
    });
    expect(await journalBacklog(b.t.deps)).toEqual([]);
    expect(await countLines()).toBe(before);
  });

  it('the database refuses an entry that does not balance, and any change to the journal', async () => {
    const [anyLoan] = await b.t.deps.db.select().from(loans).limit(1);
    const unbalanced = await b.t.deps.db
      .transaction(async (tx) => {
        const [entry] = await tx
          .insert(journalEntries)
          .values({
            businessDate: DAY,
            eventKind: 'reclassification',
            loanId: anyLoan!.id,
            borrowerId: anyLoan!.borrowerId,
            description: 'prueba',
          })
          .returning({ id: journalEntries.id });
        await tx.insert(journalLines).values([
          { entryId: entry!.id, accountCode: A.bank, debitCents: 100, creditCents: 0, loanId: anyLoan!.id },
          {
            entryId: entry!.id,
            accountCode: A.portfolio,
            debitCents: 0,
            creditCents: 99,
            loanId: anyLoan!.id,
          },
        ]);
      })
      .catch((error: unknown) => error);
    expect(withCause(unbalanced)).toMatch(
      /journal entry \d+ is not balanced: 2 lines, debits 100, credits 99/,
    );
    const oneLine = await b.t.deps.db
      .transaction(async (tx) => {
        await tx.insert(journalEntries).values({
          businessDate: DAY,
          eventKind: 'reclassification',
          loanId: anyLoan!.id,
          borrowerId: anyLoan!.borrowerId,
          description: 'prueba',
        });
      })
      .catch((error: unknown) => error);
    expect(withCause(oneLine)).toMatch(/not balanced: 0 lines/);
    const refusal = (query: ReturnType<typeof sql>) =>
      b.t.deps.db.execute(query).then(
        () => 'accepted',
        (error: unknown) => withCause(error),
      );
    expect(await refusal(sql`update journal_lines set debit_cents = debit_cents + 1`)).toMatch(
      /journal_lines is append-only/,
    );
    expect(await refusal(sql`delete from journal_entries`)).toMatch(/journal_entries is append-only/);
    await b.expectBooksAgree();
  });
});

describe('the staff routes of Contabilidad', () => {
  const DAY = '2026-12-01';
  let b: BooksApp;
  let supervisor: StaffBrowser;
  let admin: StaffBrowser;
  let loanId: number;
  beforeAll(async () => {
    b = await booksApp(at(DAY, '09:00'));
    apps.push(b.t);
    const loan = await b.disbursedLoan(DAY);
    loanId = loan.loanId;
    await b.pay(loan, 41_721, at(DAY, '10:00'));
    b.t.clock.set(at('2026-12-03', '09:00'));
    await b.disbursedLoan('2026-12-03');
    supervisor = (await staffWithRole(b.t, 'supervisor')).browser;
    admin = (await staffWithRole(b.t, 'admin')).browser;
  });

  it('refuses roles without accounting.read and a browser without a session', async () => {
    const paths = [
      '/accounting/journal',
      '/accounting/journal.csv?from=2026-12-01&to=2026-12-31',
      `/accounting/accounts/${A.bank}/ledger`,
      '/accounting/trial-balance',
      '/alerts',
    ];
    for (const role of ['cashier', 'analyst', 'support'] as const) {
      const { browser } = await staffWithRole(b.t, role);
      for (const path of paths)
        expectError(await browser.get(path), 403, 'No tienes permiso para hacer esto.');
    }
    const anonymous = new StaffBrowser(b.t);
    for (const path of paths) expectError(await anonymous.get(path), 401);
    for (const path of paths) expect((await admin.get(path)).statusCode).toBe(200);
  });

  it('the trial balance up to a date: every account, totals and balanced', async () => {
    const res = await supervisor.get('/accounting/trial-balance?date=2026-12-01');
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const tb = res.json as {
      date: string;
      accounts: {
        code: string;
        name: string;
        debitCents: number;
        creditCents: number;
        balanceCents: number;
      }[];
      totals: { debitCents: number; creditCents: number };
      balanced: boolean;
    };
    expect(tb.date).toBe('2026-12-01');
    expect(tb.balanced).toBe(true);
    expect(tb.accounts.map((a) => a.code)).toEqual([
      '1101',
      '1201',
      '2101',
      '2102',
      '2103',
      '2104',
      '4101',
      '4102',
      '4103',
    ]);
    const of = (code: string) => tb.accounts.find((a) => a.code === code)!;
    // L 1,000 lent, L 417.21 received; L 317.21 principal, L 50 interest and L 50 fee paid.
    expect(of(A.bank)).toMatchObject({
      name: 'Bancos',
      debitCents: 41_721,
      creditCents: 100_000,
      balanceCents: -58_279,
    });
    expect(of(A.portfolio)).toMatchObject({ debitCents: 100_000, creditCents: 31_721, balanceCents: 68_279 });
    expect(of(A.interestIncome)).toMatchObject({ balanceCents: 5_000 });
    expect(of(A.adminFeeIncome)).toMatchObject({ balanceCents: 5_000 });
    expect(of(A.unappliedReceipts)).toMatchObject({
      debitCents: 41_721,
      creditCents: 41_721,
      balanceCents: 0,
    });
    expect(tb.totals).toEqual({ debitCents: 183_442, creditCents: 183_442 });
    // The second loan, disbursed on the 3rd, is in the next days' balance only.
    const later = (await supervisor.get('/accounting/trial-balance?date=2026-12-03')).json as typeof tb;
    expect(later.accounts.find((a) => a.code === A.portfolio)!.balanceCents).toBe(168_279);
    expect(later.balanced).toBe(true);
    // Today by default; before the books began, all zeros and balanced.
    expect((await supervisor.get('/accounting/trial-balance')).json).toMatchObject({
      date: '2026-12-03',
      balanced: true,
    });
    const empty = (await supervisor.get('/accounting/trial-balance?date=2026-11-30')).json as typeof tb;
    expect(empty.totals).toEqual({ debitCents: 0, creditCents: 0 });
    expectError(
      await supervisor.get('/accounting/trial-balance?date=2026-13-01'),
      400,
      'Fecha inválida: usa AAAA-MM-DD.',
    );
  });

  it('the journal: in date order with its lines, filtered by loan, event and dates, paged', async () => {
    const res = await supervisor.get(`/accounting/journal?loanId=${loanId}`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const page = res.json as {
      items: {
        eventKind: string;
        eventLabel: string;
        lines: unknown[];
        staffName: string | null;
        businessDate: string;
      }[];
      total: number;
    };
    expect(page.total).toBe(3);
    expect(page.items.map((e) => [e.eventKind, e.eventLabel])).toEqual([
      ['disbursement', 'Desembolso'],
      ['credit', 'Comprobante validado'],
      ['debit', 'Pago aplicado'],
    ]);
    expect(page.items[0]!.lines).toEqual([
      { accountCode: A.portfolio, accountName: 'Cartera de préstamos', debitCents: 100_000, creditCents: 0 },
      { accountCode: A.bank, accountName: 'Bancos', debitCents: 0, creditCents: 100_000 },
    ]);
    expect(page.items[0]!.staffName).toBe(b.staff.cashier.name);
    const disbursements = (await supervisor.get('/accounting/journal?event=disbursement&pageSize=1&page=2'))
      .json as typeof page;
    expect(disbursements.total).toBe(2);
    expect(disbursements.items).toHaveLength(1);
    expect(disbursements.items[0]!.businessDate).toBe('2026-12-03');
    const dated = (await supervisor.get('/accounting/journal?from=2026-12-02&to=2026-12-31'))
      .json as typeof page;
    expect(dated.items.map((e) => e.eventKind)).toEqual(['disbursement']);
    expectError(await supervisor.get('/accounting/journal?event=gift'), 400);
    expectError(
      await supervisor.get('/accounting/journal?from=2026-12-05&to=2026-12-01'),
      400,
      'La fecha inicial no puede ser posterior a la final.',
    );
  });

  it("an account's ledger: its lines with the running balance on its normal side", async () => {
    const res = await supervisor.get(`/accounting/accounts/${A.bank}/ledger`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const ledger = res.json as {
      account: { code: string; name: string; normalSide: string };
      openingBalanceCents: number;
      closingBalanceCents: number;
      items: { debitCents: number; creditCents: number; balanceCents: number; eventKind: string }[];
      total: number;
    };
    expect(ledger.account).toEqual({ code: A.bank, name: 'Bancos', type: 'asset', normalSide: 'debit' });
    expect(ledger.items.map((i) => [i.eventKind, i.debitCents, i.creditCents, i.balanceCents])).toEqual([
      ['disbursement', 0, 100_000, -100_000],
      ['credit', 41_721, 0, -58_279],
      ['disbursement', 0, 100_000, -158_279],
    ]);
    expect(ledger.closingBalanceCents).toBe(-158_279);
    // From the 2nd: the opening balance carries what came before; a credit-side account reads credits up.
    const from = (await supervisor.get(`/accounting/accounts/${A.bank}/ledger?from=2026-12-02`))
      .json as typeof ledger;
    expect(from.openingBalanceCents).toBe(-58_279);
    expect(from.items.map((i) => i.balanceCents)).toEqual([-158_279]);
    const income = (await supervisor.get(`/accounting/accounts/${A.interestIncome}/ledger`))
      .json as typeof ledger;
    expect(income.items.map((i) => i.balanceCents)).toEqual([5_000]);
    const paged = (await supervisor.get(`/accounting/accounts/${A.bank}/ledger?page=2&pageSize=2`))
      .json as typeof ledger;
    expect(paged.total).toBe(3);
    expect(paged.items.map((i) => i.balanceCents)).toEqual([-158_279]);
    expectError(
      await supervisor.get('/accounting/accounts/9999/ledger'),
      404,
      'No encontramos esa cuenta contable.',
    );
    expectError(
      await supervisor.get('/accounting/accounts/abc/ledger'),
      400,
      'Código de cuenta inválido: cuatro dígitos.',
    );
  });

  it('the journal as CSV for the accountant: one row per line, Spanish headers, lempiras', async () => {
    const res = await supervisor.get('/accounting/journal.csv?from=2026-12-01&to=2026-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain('libro-diario-2026-12-01-a-2026-12-31.csv');
    const text = res.raw.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Fecha,Asiento,Evento,Préstamo,Cliente,Cuenta,Nombre de la cuenta,Débito,Crédito,Descripción',
    );
    // 2 + 2 + 4 lines (disbursement, credit, debit) and 2 for the second disbursement.
    expect(rows).toHaveLength(1 + 10);
    expect(rows[1]).toMatch(
      new RegExp(`^2026-12-01,\\d+,Desembolso,${loanId},\\d+,1201,Cartera de préstamos,1000.00,0.00,`),
    );
    expect(rows[2]).toMatch(/,1101,Bancos,0.00,1000.00,/);
    const decemberOnly = (
      await supervisor.get('/accounting/journal.csv?from=2026-12-02&to=2026-12-03')
    ).raw.toString('utf8');
    expect(decemberOnly.trimEnd().split('\r\n')).toHaveLength(3);
    // Without a range: this month up to today (the clock is on 3 December).
    const month = (await supervisor.get('/accounting/journal.csv')).raw.toString('utf8');
    expect(month.trimEnd().split('\r\n')).toHaveLength(1 + 10);
    const fromOnly = await supervisor.get('/accounting/journal.csv?from=2026-12-02');
    expect(String(fromOnly.headers['content-disposition'])).toContain(
      'libro-diario-2026-12-02-a-2026-12-03.csv',
    );
    expectError(
      await supervisor.get('/accounting/journal.csv?from=2026-01-01&to=2027-01-02'),
      400,
      'El rango de fechas no puede pasar de 366 días.',
    );
  });
});

describe("the daily run's check of the books, and the staff alert", () => {
  const DAY = '2026-12-01';
  let b: BooksApp;
  let adminEmail: string;
  /** A supervisor logged in now (a session ends when the clock moves on by days). */
  const supervisorNow = async () => (await staffWithRole(b.t, 'supervisor')).browser;
  beforeAll(async () => {
    b = await booksApp(at(DAY, '09:00'));
    apps.push(b.t);
    adminEmail = (await staffWithRole(b.t, 'admin')).email;
    const loan = await b.disbursedLoan(DAY);
    await b.pay(loan, 41_721, at(DAY, '10:00'));
  });

  it('finds nothing wrong in books that agree', async () => {
    b.t.clock.set(at('2026-12-02', '00:05'));
    const run = await runServicingDate(b.t.deps, '2026-12-02');
    expect(run).toMatchObject({ ran: true, counts: { booksAlerts: 0 } });
    expect(await b.t.deps.db.select().from(staffAlerts)).toEqual([]);
    expect((await (await supervisorNow()).get('/alerts')).json).toEqual({ items: [] });
  });

  it('a stray entry on the portfolio: an alert once for the date, on the dashboard and by e-mail to the admins', async () => {
    const [loan] = await b.t.deps.db.select().from(loans).limit(1);
    await b.t.deps.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(journalEntries)
        .values({
          businessDate: '2026-12-02',
          eventKind: 'reclassification',
          loanId: loan!.id,
          borrowerId: loan!.borrowerId,
          description: 'Asiento extraviado',
        })
        .returning({ id: journalEntries.id });
      await tx.insert(journalLines).values([
        { entryId: entry!.id, accountCode: A.portfolio, debitCents: 1, creditCents: 0, loanId: loan!.id },
        { entryId: entry!.id, accountCode: A.bank, debitCents: 0, creditCents: 1, loanId: loan!.id },
      ]);
    });
    b.t.clock.set(at('2026-12-03', '00:05'));
    const run = await runServicingDate(b.t.deps, '2026-12-03');
    expect(run).toMatchObject({ ran: true, counts: { booksAlerts: 1 } });
    const alerts = await b.t.deps.db.select().from(staffAlerts);
    expect(alerts).toMatchObject([
      {
        businessDate: '2026-12-03',
        kind: 'books_portfolio',
        message:
          'La cuenta Cartera de préstamos (L 682.80) no es igual al capital pendiente de los préstamos (L 682.79).',
      },
    ]);
    const mail = await b.t.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, adminEmail.toLowerCase()), eq(outbox.channel, 'email')));
    expect(mail.map((m) => m.subject)).toContain(
      'Alerta del 2026-12-03: La cartera contable no coincide con el capital pendiente',
    );
    // Once per date and kind: checking again the same date raises nothing new.
    expect((await checkBooks(b.t.deps, '2026-12-03')).alerts).toEqual([]);
    expect(await b.t.deps.db.select().from(staffAlerts)).toHaveLength(1);
    const listed = (await (await supervisorNow()).get('/alerts')).json as {
      items: { title: string; message: string }[];
    };
    expect(listed.items).toMatchObject([
      { title: 'La cartera contable no coincide con el capital pendiente', message: alerts[0]!.message },
    ]);
  });

  it('a line that breaks debits = credits (the balance trigger off, as a broken database would be)', async () => {
    const [loan] = await b.t.deps.db.select().from(loans).limit(1);
    await b.t.deps.db.execute(sql`alter table journal_lines disable trigger journal_lines_balanced`);
    const [entry] = await b.t.deps.db.select().from(journalEntries).limit(1);
    await b.t.deps.db.insert(journalLines).values({
      entryId: entry!.id,
      accountCode: A.interestIncome,
      debitCents: 0,
      creditCents: 500,
      loanId: loan!.id,
    });
    await b.t.deps.db.execute(sql`alter table journal_lines enable trigger journal_lines_balanced`);
    b.t.clock.set(at('2026-12-04', '00:05'));
    await runServicingDate(b.t.deps, '2026-12-04');
    const kinds = (
      await b.t.deps.db.select().from(staffAlerts).where(eq(staffAlerts.businessDate, '2026-12-04'))
    ).map((a) => a.kind);
    expect(kinds.sort()).toEqual(['books_portfolio', 'books_unbalanced']);
    const trial = (await (await supervisorNow()).get('/accounting/trial-balance?date=2026-12-04')).json as {
      balanced: boolean;
    };
    expect(trial.balanced).toBe(false);
  });

  it('an instalment changed behind the journal: the next check, which compares only the loans changed since the last, finds it, and forgets it once mended', async () => {
    const [loan] = await b.t.deps.db.select().from(loans).limit(1);
    const [row] = rowsOf<{ id: number }>(
      await b.t.deps.db.execute(sql`
        select id from instalments
        where loan_id = ${loan!.id} and voided_at is null and amount_covered_cents < amount_cents
        order by position desc limit 1
      `),
    );
    // Written outside the services, as a bug or a hand edit would: no journal line behind it.
    const cover = (cents: number) =>
      b.t.deps.db.execute(
        sql`update instalments set amount_covered_cents = amount_covered_cents + ${cents} where id = ${row!.id}`,
      );
    const figures = async () => {
      const { loansJournaled: _, alerts: __, ...checked } = await checkBooks(b.t.deps, '2026-12-05');
      expect(checked).toEqual(await booksFigures(b.t.deps));
      return checked;
    };
    const before = await figures();
    await cover(1);
    expect((await figures()).outstandingPrincipalCents).toBe(before.outstandingPrincipalCents - 1);
    expect(await b.t.deps.db.select().from(booksDirtyLoans)).toEqual([]);
    expect(await b.t.deps.db.select().from(booksLoanDifferences)).toContainEqual({
      loanId: loan!.id,
      differenceCents: expect.any(Number),
    });
    await cover(-1);
    expect(await figures()).toEqual(before);
  });
});

/**
 * The scripted month: one step list, run day by day with the daily run of each date before the
 * day's steps (at 09:00), with receipt and disbursement reversals (issue 31 point 4) among them.
 * Each step is a `{ date, label, run }` entry in STEPS.
 */
describe('a scripted month of loans: the trial balance balances and the portfolio equals the outstanding principal', () => {
  const FIRST = '2026-12-01';
  const LAST = '2027-01-04';
  let b: BooksApp;
  const loansBy: Record<string, { borrowerId: number; loanId: number }> = {};
  const facts: Record<string, number> = {};
  beforeAll(async () => {
    b = await booksApp(at(FIRST, '00:05'));
    apps.push(b.t);
  });

  const payoffCents = async (name: string) =>
    (await getLoanPayoff(b.t.deps, loansBy[name]!.loanId)).quote!.payoffCents;
  const instalmentCents = async (name: string, position: number) => {
    const row = (await scheduleOf(b.t, loansBy[name]!.loanId))[position - 1]!;
    return (
      row.chargeCents + row.administratorFeeCents + row.amountCents + row.lateFeeCents + row.penaltyFeeCents
    );
  };

  interface Step {
    date: string;
    label: string;
    run: () => Promise<void>;
  }
  const STEPS: Step[] = [
    {
      date: '2026-12-01',
      label:
        'four loans disbursed: A, C, D monthly (L 1,000, L 3,000, L 1,000), B weekly (L 1,000 over 2 weeks)',
      run: async () => {
        loansBy.A = await b.disbursedLoan('2026-12-01');
        loansBy.B = await b.disbursedLoan('2026-12-01', WEEKLY);
        loansBy.C = await b.disbursedLoan('2026-12-01', { ...MONTHLY, amount: 3000 });
        loansBy.D = await b.disbursedLoan('2026-12-01');
      },
    },
    {
      date: '2026-12-02',
      label: 'C pays its first two instalments ahead',
      run: async () => {
        const cents = (await instalmentCents('C', 1)) + (await instalmentCents('C', 2));
        await b.pay(loansBy.C!, cents, at('2026-12-02', '10:00'));
      },
    },
    {
      date: '2026-12-05',
      label: 'D sends L 417.21 in the morning; the cashier validates it at 20:30 (applied by the next run)',
      run: async () => {
        const receiptId = await b.send(loansBy.D!, 41_721, at('2026-12-05', '09:00'));
        await b.validate(receiptId, 41_721, at('2026-12-05', '20:30'));
        facts.dReceipt = receiptId;
        expect(await b.entriesOfKind(loansBy.D!.loanId, 'debit')).toHaveLength(0);
      },
    },
    {
      date: '2026-12-06',
      label: "the run applied D's money at 8:00",
      run: async () => {
        expect(await b.entriesOfKind(loansBy.D!.loanId, 'debit')).toHaveLength(1);
      },
    },
    {
      date: '2026-12-09',
      label: 'B sends its first instalment on the grace day, at 18:00',
      run: async () => {
        facts.bReceipt = await b.send(loansBy.B!, await instalmentCents('B', 1), at('2026-12-09', '18:00'));
      },
    },
    {
      date: '2026-12-11',
      label:
        "the cashier validates B's receipt two days later, value date the 9th: the late fee charged on the 10th is waived",
      run: async () => {
        const charged = await b.t.deps.db
          .select()
          .from(loanCharges)
          .where(and(eq(loanCharges.loanId, loansBy.B!.loanId), eq(loanCharges.kind, 'late_fee')));
        expect(charged).toHaveLength(1);
        const first = (await scheduleOf(b.t, loansBy.B!.loanId))[0]!;
        const cents = first.chargeCents + first.administratorFeeCents + first.amountCents;
        await b.validate(facts.bReceipt!, cents, at('2026-12-11', '09:00'), '2026-12-09');
        const waived = await b.t.deps.db
          .select()
          .from(loanCharges)
          .where(and(eq(loanCharges.loanId, loansBy.B!.loanId), eq(loanCharges.kind, 'waiver')));
        expect(waived.map((w) => [w.component, w.reason])).toEqual([['lateFee', 'value_date']]);
      },
    },
    {
      date: '2026-12-20',
      label: 'C pays off mid-period: unearned interest and fees waived, the interest paid ahead released',
      run: async () => {
        b.t.clock.set(at('2026-12-20', '09:00'));
        await b.pay(loansBy.C!, await payoffCents('C'), at('2026-12-20', '10:00'));
        expect((await b.loanRow(loansBy.C!.loanId)).status).toBe(L.paid);
        const releases = await b.entriesOfKind(loansBy.C!.loanId, 'release');
        expect(releases.length).toBeGreaterThan(0);
        expect(
          releases.flatMap((r) => r.lines).some((l) => l.account === A.interestIncome && l.debitCents > 0),
        ).toBe(true);
      },
    },
    {
      date: '2026-12-22',
      label: 'B, late with a late fee and default interest, pays everything and L 100.00 more',
      run: async () => {
        const charges = await b.t.deps.db
          .select()
          .from(loanCharges)
          .where(eq(loanCharges.loanId, loansBy.B!.loanId));
        expect(charges.some((c) => c.kind === 'default_interest')).toBe(true);
        b.t.clock.set(at('2026-12-22', '09:00'));
        await b.pay(loansBy.B!, (await payoffCents('B')) + 10_000, at('2026-12-22', '10:00'));
        expect((await b.loanRow(loansBy.B!.loanId)).status).toBe(L.paid);
        expect(await b.walletOf(loansBy.B!.loanId)).toBeGreaterThanOrEqual(10_000);
        const late = (await b.journalOf(loansBy.B!.loanId))
          .flatMap((e) => e.lines)
          .filter((l) => l.account === A.lateFeeIncome);
        expect(late.reduce((s, l) => s + l.creditCents - l.debitCents, 0)).toBeGreaterThan(0);
      },
    },
    {
      date: '2026-12-23',
      label: "a cashier refunds L 40.00 of B's credit",
      run: async () => {
        b.t.clock.set(at('2026-12-23', '09:00'));
        await refundLoanCredit(b.t.deps, b.staff.cashier, loansBy.B!.loanId, {
          amount: '40.00',
          reference: 'DEV-B',
        });
      },
    },
    {
      date: '2026-12-26',
      label: 'B asks for another weekly loan, approved',
      run: async () => {
        b.t.clock.set(at('2026-12-26', '09:00'));
        loansBy.B2 = await b.approvedLoan(WEEKLY, loansBy.B!.borrowerId);
      },
    },
    {
      date: '2026-12-28',
      label: "B2 disbursed: the rest of B's credit carried to it",
      run: async () => {
        b.t.clock.set(at('2026-12-28', '09:00'));
        facts.carried = await b.walletOf(loansBy.B!.loanId);
        await b.disburse(loansBy.B2!, '2026-12-28');
        expect(await b.walletOf(loansBy.B!.loanId)).toBe(0);
        expect(await b.walletOf(loansBy.B2!.loanId)).toBe(facts.carried);
      },
    },
    {
      date: '2026-12-29',
      label: "the run applied the carried credit to B2's first instalment",
      run: async () => {
        expect(await b.walletOf(loansBy.B2!.loanId)).toBe(0);
        expect(await b.entriesOfKind(loansBy.B2!.loanId, 'debit')).toHaveLength(1);
      },
    },
    {
      date: '2026-12-30',
      label: 'A pays its first instalment the day before it is due',
      run: async () => {
        await b.pay(loansBy.A!, 41_721, at('2026-12-30', '10:00'));
      },
    },
    {
      date: '2026-12-30',
      label: 'E (L 2,000 monthly) is disbursed; A pays L 200.00 more, which the bank will return',
      run: async () => {
        loansBy.E = await b.disbursedLoan('2026-12-30', { ...MONTHLY, amount: 2000 });
        facts.aReturned = await b.send(loansBy.A!, 20_000, at('2026-12-30', '11:00'));
        await b.validate(facts.aReturned, 20_000, at('2026-12-30', '11:30'));
      },
    },
    {
      date: '2026-12-31',
      label:
        "the bank returns D's deposit of the 5th: a supervisor reverses it, the journal mirrors its credit and its application",
      run: async () => {
        b.t.clock.set(at('2026-12-31', '10:00'));
        const journaled = await b.journalOf(loansBy.D!.loanId);
        await reverseReceipt(b.t.deps, b.staff.supervisor, facts.dReceipt!, {
          reason: 'El banco devolvió el depósito.',
        });
        expect(await b.walletOf(loansBy.D!.loanId)).toBe(0);
        const reversals = (await b.journalOf(loansBy.D!.loanId)).slice(journaled.length);
        expect(reversals.map((e) => e.eventKind)).toEqual(['reversal', 'reversal']);
        // Each reversal is the mirror of an entry the receipt had made: in all, the loan's books are back to the disbursement.
        const net = (entries: typeof journaled, account: string) =>
          entries
            .flatMap((e) => e.lines)
            .filter((l) => l.account === account)
            .reduce((s, l) => s + l.debitCents - l.creditCents, 0);
        const all = await b.journalOf(loansBy.D!.loanId);
        expect(net(all, A.portfolio)).toBe(100_000);
        expect(net(all, A.bank)).toBe(-100_000);
        expect(net(all, A.interestIncome) + net(all, A.adminFeeIncome)).toBe(0);
      },
    },
    {
      date: '2027-01-02',
      label:
        "E's transfer comes back: a supervisor reverses the disbursement (Dr Bancos / Cr Cartera), the loan is 5 again",
      run: async () => {
        b.t.clock.set(at('2027-01-02', '10:00'));
        await reverseDisbursement(b.t.deps, b.staff.supervisor, loansBy.E!.loanId, {
          reason: 'La transferencia fue rechazada por el banco.',
        });
        expect((await b.loanRow(loansBy.E!.loanId)).status).toBe(L.approved);
        const [reversal] = await b.entriesOfKind(loansBy.E!.loanId, 'disbursement_reversal');
        expect(reversal!.lines).toHaveLength(2);
        expect(reversal!.lines).toEqual(
          expect.arrayContaining([dr(A.bank, 200_000), cr(A.portfolio, 200_000)]),
        );
      },
    },
    {
      date: '2027-01-03',
      label:
        "E is paid out again, to the right account; A's L 200.00 of the 30th is reversed (it had paid ahead)",
      run: async () => {
        await b.disburse(loansBy.E!, '2027-01-03');
        expect(await b.entriesOfKind(loansBy.E!.loanId, 'disbursement')).toHaveLength(2);
        b.t.clock.set(at('2027-01-03', '11:00'));
        await reverseReceipt(b.t.deps, b.staff.supervisor, facts.aReturned!, {
          reason: 'Depósito con cheque sin fondos.',
        });
        expect(await b.walletOf(loansBy.A!.loanId)).toBe(0);
      },
    },
  ];

  it('runs the month day by day, the books agreeing after every day', async () => {
    for (let date = FIRST; date <= LAST; date = addOneDay(date)) {
      b.t.clock.set(at(date, '00:05'));
      const run = await runServicingDate(b.t.deps, date);
      expect(run, date).toMatchObject({ ran: true, counts: { booksAlerts: 0 } });
      for (const step of STEPS.filter((s) => s.date === date)) {
        b.t.clock.set(at(date, '09:00'));
        try {
          await step.run();
        } catch (error) {
          throw new Error(`${date} ${step.label}: ${String(error)}`, { cause: error });
        }
        await b.expectBooksAgree();
      }
    }
    expect(await b.t.deps.db.select().from(staffAlerts)).toEqual([]);
  });

  it('ends balanced, with the portfolio account equal to the outstanding principal to the centavo', async () => {
    const supervisor = (await staffWithRole(b.t, 'supervisor')).browser;
    const trial = (await supervisor.get(`/accounting/trial-balance?date=${LAST}`)).json as {
      accounts: { code: string; balanceCents: number }[];
      totals: { debitCents: number; creditCents: number };
      balanced: boolean;
    };
    expect(trial.balanced).toBe(true);
    expect(trial.totals.debitCents).toBe(trial.totals.creditCents);
    const of = (code: string) => trial.accounts.find((a) => a.code === code)!.balanceCents;
    const scalar = async (query: ReturnType<typeof sql>) =>
      Number(Object.values(rowsOf<Record<string, unknown>>(await b.t.deps.db.execute(query))[0]!)[0]);
    // A reversed disbursement's voided schedule is no principal owed.
    const principal = await scalar(sql`
      select coalesce(sum(i.amount_cents - i.amount_covered_cents), 0)
      from instalments i join loans l on l.id = i.loan_id
      where l.disbursed_on is not null and i.voided_at is null`);
    expect(of(A.portfolio)).toBe(principal);
    // Every centavo of the borrowers' money is in the books, in the account its loan's state says.
    const wallets = await scalar(sql`select coalesce(sum(amount_cents), 0) from wallet_entries`);
    expect(of(A.unappliedReceipts) + of(A.creditBalances)).toBe(wallets);
    expect(of(A.transfersInTransit)).toBe(0);
    expect(of(A.refundsPayable)).toBe(0);
    // Cash basis: income is what was applied, and the bank is what came in minus what went out.
    // What came in and stayed: credits, less the credits reversed (their reversal keeps the receipt's id).
    const received = await scalar(sql`
      select coalesce(sum(amount_cents), 0) from wallet_entries
      where kind = 'credit' or (kind = 'reversal' and receipt_id is not null)`);
    expect(received).toBeLessThan(
      await scalar(sql`select coalesce(sum(amount_cents), 0) from wallet_entries where kind = 'credit'`),
    );
    const lent = await scalar(
      sql`select coalesce(sum(amount_cents), 0) from loans where disbursed_on is not null`,
    );
    const refunded = 4_000;
    expect(of(A.bank)).toBe(received - lent - refunded);
    const income = of(A.interestIncome) + of(A.adminFeeIncome) + of(A.lateFeeIncome);
    expect(income).toBeGreaterThan(0);
    expect(income + (lent - principal)).toBe(received - refunded - wallets);
  });

  it('a loan book older than the books is journaled by the backlog to the same balances', async () => {
    const supervisor = (await staffWithRole(b.t, 'supervisor')).browser;
    const before = (await supervisor.get(`/accounting/trial-balance?date=${LAST}`)).json as {
      accounts: { code: string; balanceCents: number }[];
    };
    // As the database was before migration 0019: no journal at all (TRUNCATE fires no row trigger).
    // Nor the daily check's checkpoints of it (migration 0029 came later still).
    await b.t.deps.db.execute(
      sql`truncate journal_lines, journal_entries, books_checkpoints, books_loan_differences, books_dirty_loans`,
    );
    expect((await booksFigures(b.t.deps)).debitCents).toBe(0);
    const journaled = await journalBacklog(b.t.deps);
    expect(journaled.length).toBe(Object.keys(loansBy).length);
    const after = (await supervisor.get(`/accounting/trial-balance?date=${LAST}`)).json as typeof before;
    expect(after.accounts.map((a) => [a.code, a.balanceCents])).toEqual(
      before.accounts.map((a) => [a.code, a.balanceCents]),
    );
    await b.expectBooksAgree();
    expect(await journalBacklog(b.t.deps)).toEqual([]);
  });
});

/** An error's message with its cause's (drizzle wraps the database's refusal as the cause). */
function withCause(error: unknown): string {
  return error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error);
}

function addOneDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
