import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountBalanceCents,
  isBalanced,
  journalLinesForDisbursement,
  journalLinesForDisbursementReversal,
  journalLinesForReclassification,
  journalLinesForWalletEntry,
  journalTotals,
  LEDGER_ACCOUNT,
  LEDGER_ACCOUNTS,
  mirrorLines,
  walletNetCreditCents,
  type BooksWalletEntry,
  type JournalLine,
  type LedgerAccountCode,
} from './books.ts';
import { emptySplit, PAYMENT_COMPONENTS, type PaymentSplit } from './payments.ts';

const A = LEDGER_ACCOUNT;
const dr = (account: LedgerAccountCode, cents: number): JournalLine => ({
  account,
  debitCents: cents,
  creditCents: 0,
});
const cr = (account: LedgerAccountCode, cents: number): JournalLine => ({
  account,
  debitCents: 0,
  creditCents: cents,
});
const split = (parts: Partial<PaymentSplit>): PaymentSplit => ({ ...emptySplit(), ...parts });

describe('the chart of accounts', () => {
  it('has the eight accounts of the issue and the transfer bridge, each with its code, type and normal side', () => {
    expect(LEDGER_ACCOUNTS.map((a) => [a.code, a.name, a.type, a.normalSide])).toEqual([
      ['1101', 'Bancos', 'asset', 'debit'],
      ['1201', 'Cartera de préstamos', 'asset', 'debit'],
      ['2101', 'Depósitos por aplicar', 'liability', 'credit'],
      ['2102', 'Saldos a favor de clientes', 'liability', 'credit'],
      ['2103', 'Devoluciones por pagar', 'liability', 'credit'],
      ['2104', 'Traspasos de saldo entre préstamos', 'liability', 'credit'],
      ['4101', 'Ingresos por intereses', 'income', 'credit'],
      ['4102', 'Ingresos por comisión administrativa', 'income', 'credit'],
      ['4103', 'Ingresos por recargos e intereses moratorios', 'income', 'credit'],
    ]);
    for (const account of LEDGER_ACCOUNTS) expect(A[account.key]).toBe(account.code);
  });

  it('reads a balance on the normal side', () => {
    expect(accountBalanceCents(A.bank, 500, 200)).toBe(300);
    expect(accountBalanceCents(A.unappliedReceipts, 500, 200)).toBe(-300);
    expect(accountBalanceCents(A.interestIncome, 0, 5_000)).toBe(5_000);
  });
});

describe('journalLinesForWalletEntry', () => {
  it('a validated receipt: Dr Bancos / Cr Depósitos por aplicar', () => {
    expect(journalLinesForWalletEntry({ kind: 'credit', amountCents: 41_721 })).toEqual([
      dr(A.bank, 41_721),
      cr(A.unappliedReceipts, 41_721),
    ]);
  });

  it('an application: out of Depósitos por aplicar into principal and each income, late fee and default interest together', () => {
    const lines = journalLinesForWalletEntry({
      kind: 'debit',
      amountCents: -52_079,
      allocation: {
        split: split({
          lateFee: 10_000,
          penalty: 58,
          charge: 5_000,
          administratorFee: 5_000,
          amount: 32_021,
        }),
      },
    });
    expect(lines).toEqual([
      dr(A.unappliedReceipts, 52_079),
      cr(A.portfolio, 32_021),
      cr(A.interestIncome, 5_000),
      cr(A.adminFeeIncome, 5_000),
      cr(A.lateFeeIncome, 10_058),
    ]);
    expect(isBalanced(lines)).toBe(true);
  });

  it('reads a debit written before default interest existed (no penalty in its split)', () => {
    const lines = journalLinesForWalletEntry({
      kind: 'debit',
      amountCents: -41_721,
      allocation: { split: { lateFee: 0, charge: 5_000, administratorFee: 5_000, amount: 31_721 } },
    });
    expect(lines).toEqual([
      dr(A.unappliedReceipts, 41_721),
      cr(A.portfolio, 31_721),
      cr(A.interestIncome, 5_000),
      cr(A.adminFeeIncome, 5_000),
    ]);
  });

  it('a release gives back paid income to the wallet: the mirror of a debit of those parts', () => {
    const lines = journalLinesForWalletEntry({
      kind: 'release',
      amountCents: 17_070,
      allocation: { split: split({ charge: 17_070 }) },
    });
    expect(lines).toEqual([dr(A.interestIncome, 17_070), cr(A.unappliedReceipts, 17_070)]);
  });

  it('a refund is paid at once: through Devoluciones por pagar, out of the bank', () => {
    expect(journalLinesForWalletEntry({ kind: 'refund', amountCents: -2_500 })).toEqual([
      dr(A.creditBalances, 2_500),
      cr(A.refundsPayable, 2_500),
      dr(A.refundsPayable, 2_500),
      cr(A.bank, 2_500),
    ]);
  });

  it('a transfer: out of the paid loan’s credit, into the next loan’s unapplied money, through the bridge', () => {
    const out = journalLinesForWalletEntry({ kind: 'transfer', amountCents: -24_667 });
    const into = journalLinesForWalletEntry({ kind: 'transfer', amountCents: 24_667 });
    expect(out).toEqual([dr(A.creditBalances, 24_667), cr(A.transfersInTransit, 24_667)]);
    expect(into).toEqual([dr(A.transfersInTransit, 24_667), cr(A.unappliedReceipts, 24_667)]);
    const both = [...out, ...into].filter((l) => l.account === A.transfersInTransit);
    expect(journalTotals(both).debitCents).toBe(journalTotals(both).creditCents);
  });

  it('a reversal is the exact mirror of what it reverses', () => {
    const applied = journalLinesForWalletEntry({
      kind: 'debit',
      amountCents: -41_721,
      allocation: { split: split({ charge: 5_000, administratorFee: 5_000, amount: 31_721 }) },
    });
    expect(journalLinesForWalletEntry({ kind: 'reversal', amountCents: 41_721 }, applied)).toEqual(
      mirrorLines(applied),
    );
    const credited = journalLinesForWalletEntry({ kind: 'credit', amountCents: 41_721 });
    expect(journalLinesForWalletEntry({ kind: 'reversal', amountCents: -41_721 }, credited)).toEqual([
      cr(A.bank, 41_721),
      dr(A.unappliedReceipts, 41_721),
    ]);
  });

  it('refuses what cannot be journaled', () => {
    expect(() => journalLinesForWalletEntry({ kind: 'credit', amountCents: -1 })).toThrow(RangeError);
    expect(() => journalLinesForWalletEntry({ kind: 'debit', amountCents: 10 })).toThrow(RangeError);
    expect(() =>
      journalLinesForWalletEntry({
        kind: 'debit',
        amountCents: -10,
        allocation: { split: split({ amount: 9 }) },
      }),
    ).toThrow(/split/);
    expect(() => journalLinesForWalletEntry({ kind: 'debit', amountCents: -10 })).toThrow(/split/);
    expect(() => journalLinesForWalletEntry({ kind: 'reversal', amountCents: 10 })).toThrow(/mirror/);
    const credited = journalLinesForWalletEntry({ kind: 'credit', amountCents: 10 });
    expect(() => journalLinesForWalletEntry({ kind: 'reversal', amountCents: 10 }, credited)).toThrow(
      /mirror/,
    );
    expect(() => journalLinesForWalletEntry({ kind: 'transfer', amountCents: 0 })).toThrow(RangeError);
    expect(() => journalLinesForWalletEntry({ kind: 'refund', amountCents: 1.5 })).toThrow(RangeError);
  });
});

describe('disbursements and reclassification', () => {
  it('a disbursement: Dr Cartera / Cr Bancos, and its reversal the mirror', () => {
    expect(journalLinesForDisbursement(100_000)).toEqual([dr(A.portfolio, 100_000), cr(A.bank, 100_000)]);
    expect(journalLinesForDisbursementReversal(100_000)).toEqual([
      cr(A.portfolio, 100_000),
      dr(A.bank, 100_000),
    ]);
    expect(() => journalLinesForDisbursement(0)).toThrow(RangeError);
  });

  it('puts a loan’s money where its state says, and nothing when it is already there', () => {
    expect(journalLinesForReclassification({ unappliedCents: 2_500, creditBalanceCents: 0 }, false)).toEqual([
      dr(A.unappliedReceipts, 2_500),
      cr(A.creditBalances, 2_500),
    ]);
    expect(journalLinesForReclassification({ unappliedCents: 0, creditBalanceCents: 2_500 }, true)).toEqual([
      dr(A.creditBalances, 2_500),
      cr(A.unappliedReceipts, 2_500),
    ]);
    // A refund taken from the credit before the rest moved there: -2,500 and +2,500 → nothing left.
    expect(
      journalLinesForReclassification({ unappliedCents: 2_500, creditBalanceCents: -2_500 }, false),
    ).toEqual([dr(A.unappliedReceipts, 2_500), cr(A.creditBalances, 2_500)]);
    expect(journalLinesForReclassification({ unappliedCents: 300, creditBalanceCents: 0 }, true)).toEqual([]);
    expect(journalLinesForReclassification({ unappliedCents: 0, creditBalanceCents: 300 }, false)).toEqual(
      [],
    );
    expect(journalLinesForReclassification({ unappliedCents: 0, creditBalanceCents: 0 }, false)).toEqual([]);
  });
});

// Property: any sequence of money events of a few loans, journaled by these rules (each loan
// reclassified after each event, as postJournal does), balances entry by entry and in all; every
// loan's wallet accounts hold exactly its wallet, in the account its state says; the portfolio is
// the principal lent and not repaid; the bridge is zero once a transfer's two halves are in.
describe('property: the books of random events', () => {
  const cents = fc.integer({ min: 1, max: 500_000 });
  const partsArb = fc.record(
    Object.fromEntries(PAYMENT_COMPONENTS.map((c) => [c, fc.integer({ min: 0, max: 50_000 })])) as Record<
      keyof PaymentSplit,
      fc.Arbitrary<number>
    >,
  );
  type Step =
    | { type: 'disburse'; loan: number; cents: number }
    | { type: 'credit'; loan: number; cents: number }
    | { type: 'apply'; loan: number; parts: PaymentSplit }
    | { type: 'release'; loan: number; parts: PaymentSplit }
    | { type: 'refund'; loan: number; cents: number }
    | { type: 'transfer'; from: number; to: number; cents: number }
    | { type: 'reverse'; loan: number; pick: number }
    | { type: 'state'; loan: number; owes: boolean }
    | { type: 'undisburse'; loan: number };
  const loan = fc.integer({ min: 0, max: 2 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ type: fc.constant('disburse' as const), loan, cents }),
    fc.record({ type: fc.constant('credit' as const), loan, cents }),
    fc.record({ type: fc.constant('apply' as const), loan, parts: partsArb }),
    fc.record({ type: fc.constant('release' as const), loan, parts: partsArb }),
    fc.record({ type: fc.constant('refund' as const), loan, cents }),
    fc.record({ type: fc.constant('transfer' as const), from: loan, to: loan, cents }),
    fc.record({ type: fc.constant('reverse' as const), loan, pick: fc.nat() }),
    fc.record({ type: fc.constant('state' as const), loan, owes: fc.boolean() }),
    fc.record({ type: fc.constant('undisburse' as const), loan }),
  );

  it('balances, keeps every wallet in the books and the portfolio equal to the principal lent and not repaid', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        type Posted = { loan: number; lines: JournalLine[] };
        const journal: Posted[] = [];
        const wallet = [0, 0, 0];
        const principal = [0, 0, 0];
        const disbursed: (number | null)[] = [null, null, null];
        const owes = [false, false, false];
        // Wallet entries that can be reversed, with their lines (each at most once).
        // A transfer's halves are reversed together (`partner`), as one transfer is undone.
        type Reversible = {
          loan: number;
          amountCents: number;
          principal: number;
          lines: JournalLine[];
          partner?: Reversible;
        };
        const reversible: Reversible[] = [];

        const post = (l: number, lines: JournalLine[]) => {
          expect(isBalanced(lines)).toBe(true);
          journal.push({ loan: l, lines });
        };
        const walletBooks = (l: number) => {
          const mine = journal.filter((p) => p.loan === l).flatMap((p) => p.lines);
          const net = (account: LedgerAccountCode) =>
            mine.filter((x) => x.account === account).reduce((s, x) => s + x.creditCents - x.debitCents, 0);
          return { unappliedCents: net(A.unappliedReceipts), creditBalanceCents: net(A.creditBalances) };
        };
        const reclassify = (l: number) => {
          const lines = journalLinesForReclassification(walletBooks(l), owes[l]!);
          if (lines.length > 0) post(l, lines);
        };
        const walletEntry = (l: number, entry: BooksWalletEntry, principalCents = 0) => {
          const lines = journalLinesForWalletEntry(entry);
          expect(walletNetCreditCents(lines)).toBe(entry.amountCents);
          post(l, lines);
          wallet[l]! += entry.amountCents;
          principal[l]! -= principalCents;
          const posted: Reversible = {
            loan: l,
            amountCents: entry.amountCents,
            principal: principalCents,
            lines,
          };
          reversible.push(posted);
          return posted;
        };
        const reverse = (target: Reversible) => {
          reversible.splice(reversible.indexOf(target), 1);
          const lines = journalLinesForWalletEntry(
            { kind: 'reversal', amountCents: -target.amountCents },
            target.lines,
          );
          post(target.loan, lines);
          wallet[target.loan]! -= target.amountCents;
          principal[target.loan]! += target.principal;
        };

        for (const s of steps) {
          switch (s.type) {
            case 'disburse':
              if (disbursed[s.loan] !== null) break;
              post(s.loan, journalLinesForDisbursement(s.cents));
              disbursed[s.loan] = s.cents;
              principal[s.loan]! += s.cents;
              owes[s.loan] = true;
              break;
            case 'undisburse':
              if (disbursed[s.loan] === null) break;
              post(s.loan, journalLinesForDisbursementReversal(disbursed[s.loan]!));
              principal[s.loan]! -= disbursed[s.loan]!;
              disbursed[s.loan] = null;
              owes[s.loan] = false;
              break;
            case 'credit':
              walletEntry(s.loan, { kind: 'credit', amountCents: s.cents });
              break;
            case 'apply': {
              const total = PAYMENT_COMPONENTS.reduce((sum, c) => sum + s.parts[c], 0);
              if (total === 0) break;
              walletEntry(
                s.loan,
                { kind: 'debit', amountCents: -total, allocation: { split: s.parts } },
                s.parts.amount,
              );
              break;
            }
            case 'release': {
              const parts = { ...s.parts, amount: 0 };
              const total = PAYMENT_COMPONENTS.reduce((sum, c) => sum + parts[c], 0);
              if (total === 0) break;
              walletEntry(s.loan, { kind: 'release', amountCents: total, allocation: { split: parts } });
              break;
            }
            case 'refund':
              walletEntry(s.loan, { kind: 'refund', amountCents: -s.cents });
              break;
            case 'transfer':
              if (s.from === s.to) break;
              {
                const out = walletEntry(s.from, { kind: 'transfer', amountCents: -s.cents });
                const into = walletEntry(s.to, { kind: 'transfer', amountCents: s.cents });
                out.partner = into;
                into.partner = out;
                break;
              }
            case 'reverse': {
              const mine = reversible.filter((r) => r.loan === s.loan);
              if (mine.length === 0) break;
              const target = mine[s.pick % mine.length]!;
              reverse(target);
              if (target.partner) reverse(target.partner);
              break;
            }
            case 'state':
              owes[s.loan] = s.owes;
              break;
          }
          for (const l of [0, 1, 2]) reclassify(l);
        }

        const all = journal.flatMap((p) => p.lines);
        const totals = journalTotals(all);
        expect(totals.debitCents).toBe(totals.creditCents);
        const net = (lines: JournalLine[], account: LedgerAccountCode) =>
          lines.filter((x) => x.account === account).reduce((s, x) => s + x.debitCents - x.creditCents, 0);
        expect(net(all, A.portfolio)).toBe(principal.reduce((s, p) => s + p, 0));
        expect(net(all, A.transfersInTransit)).toBe(0);
        expect(net(all, A.refundsPayable)).toBe(0);
        for (const l of [0, 1, 2]) {
          const books = walletBooks(l);
          expect(books.unappliedCents + books.creditBalanceCents).toBe(wallet[l]);
          expect(owes[l] ? books.creditBalanceCents : books.unappliedCents).toBe(0);
          const mine = journal.filter((p) => p.loan === l).flatMap((p) => p.lines);
          expect(net(mine, A.portfolio)).toBe(principal[l]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
