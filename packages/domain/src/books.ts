/**
 * The books (issue 31, point 6; docs/decisions/015-books.md): a small chart of accounts and the
 * posting rules that turn each movement of money into one balanced journal entry. Cash basis:
 * income is what borrowers paid, when the payment is applied; a charge nobody paid (a late fee, a
 * day of default interest, the interest of a period not yet paid) is no income, and its waiver
 * moves nothing. Every rule here is pure and in integer centavos; every entry balances.
 */
import type { PaymentComponent, PaymentSplit } from './payments.ts';

/** Which side of an account a normal balance sits on. */
export type LedgerSide = 'debit' | 'credit';
export type LedgerAccountType = 'asset' | 'liability' | 'income';

/**
 * The accounts by what they are for, with their codes (the code is what the journal stores).
 * `transfersInTransit` is the bridge a credit crosses on its way from one loan to the borrower's
 * next: each half of a transfer is journaled on its own loan, and the bridge is zero once both are.
 */
export const LEDGER_ACCOUNT = {
  bank: '1101',
  portfolio: '1201',
  unappliedReceipts: '2101',
  creditBalances: '2102',
  refundsPayable: '2103',
  transfersInTransit: '2104',
  interestIncome: '4101',
  adminFeeIncome: '4102',
  lateFeeIncome: '4103',
} as const;
export type LedgerAccountKey = keyof typeof LEDGER_ACCOUNT;
export type LedgerAccountCode = (typeof LEDGER_ACCOUNT)[LedgerAccountKey];

export interface LedgerAccount {
  code: LedgerAccountCode;
  key: LedgerAccountKey;
  /** How the accountant reads it. */
  name: string;
  type: LedgerAccountType;
  normalSide: LedgerSide;
}

/** The chart of accounts, in the order statements list it (the migration seeds the same rows). */
export const LEDGER_ACCOUNTS: readonly LedgerAccount[] = [
  { code: '1101', key: 'bank', name: 'Bancos', type: 'asset', normalSide: 'debit' },
  { code: '1201', key: 'portfolio', name: 'Cartera de préstamos', type: 'asset', normalSide: 'debit' },
  {
    code: '2101',
    key: 'unappliedReceipts',
    name: 'Depósitos por aplicar',
    type: 'liability',
    normalSide: 'credit',
  },
  {
    code: '2102',
    key: 'creditBalances',
    name: 'Saldos a favor de clientes',
    type: 'liability',
    normalSide: 'credit',
  },
  {
    code: '2103',
    key: 'refundsPayable',
    name: 'Devoluciones por pagar',
    type: 'liability',
    normalSide: 'credit',
  },
  {
    code: '2104',
    key: 'transfersInTransit',
    name: 'Traspasos de saldo entre préstamos',
    type: 'liability',
    normalSide: 'credit',
  },
  {
    code: '4101',
    key: 'interestIncome',
    name: 'Ingresos por intereses',
    type: 'income',
    normalSide: 'credit',
  },
  {
    code: '4102',
    key: 'adminFeeIncome',
    name: 'Ingresos por comisión administrativa',
    type: 'income',
    normalSide: 'credit',
  },
  {
    code: '4103',
    key: 'lateFeeIncome',
    name: 'Ingresos por recargos e intereses moratorios',
    type: 'income',
    normalSide: 'credit',
  },
];

export const isLedgerAccountCode = (code: string): code is LedgerAccountCode =>
  LEDGER_ACCOUNTS.some((a) => a.code === code);

/** The account of a code (undefined for a code not in the chart). */
export const ledgerAccount = (code: string): LedgerAccount | undefined =>
  LEDGER_ACCOUNTS.find((a) => a.code === code);

/**
 * What a journal entry records: a movement of the wallet ledger (its kind), a disbursement or its
 * reversal, or a reclassification of a loan's money between 'Depósitos por aplicar' (a loan that
 * still owes) and 'Saldos a favor de clientes' (a loan that owes nothing).
 */
export const JOURNAL_EVENT_KINDS = [
  'disbursement',
  'disbursement_reversal',
  'credit',
  'debit',
  'release',
  'reversal',
  'refund',
  'transfer',
  'reclassification',
] as const;
export type JournalEventKind = (typeof JOURNAL_EVENT_KINDS)[number];

/** The wallet ledger's kinds (wallet_entries.kind), each journaled by `journalLinesForWalletEntry`. */
export const WALLET_JOURNAL_KINDS = ['credit', 'debit', 'reversal', 'release', 'refund', 'transfer'] as const;
export type WalletJournalKind = (typeof WALLET_JOURNAL_KINDS)[number];

export const JOURNAL_EVENT_LABELS: Readonly<Record<JournalEventKind, string>> = {
  disbursement: 'Desembolso',
  disbursement_reversal: 'Reversión de desembolso',
  credit: 'Comprobante validado',
  debit: 'Pago aplicado',
  release: 'Devolución a la cartera del cliente',
  reversal: 'Reversión',
  refund: 'Devolución de saldo a favor',
  transfer: 'Traspaso de saldo a favor',
  reclassification: 'Reclasificación de saldo',
};

export const isJournalEventKind = (kind: string): kind is JournalEventKind =>
  (JOURNAL_EVENT_KINDS as readonly string[]).includes(kind);

/** One line of a journal entry: an account, and centavos on exactly one side. */
export interface JournalLine {
  account: LedgerAccountCode;
  debitCents: number;
  creditCents: number;
}

/** A wallet ledger entry as the books read it (wallet_entries: kind, signed amount, debit's split). */
export interface BooksWalletEntry {
  kind: WalletJournalKind;
  /** Signed centavos, as the wallet stores them: money in is positive. */
  amountCents: number;
  /** A debit's or a release's split by part (entries written before decision 014 lack `penalty`). */
  allocation?: { split: Partial<PaymentSplit> } | null;
}

function requireCents(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${what} must be a whole, positive number of centavos: ${value}`);
  }
  return value;
}

const debit = (account: LedgerAccountCode, cents: number): JournalLine => ({
  account,
  debitCents: cents,
  creditCents: 0,
});
const credit = (account: LedgerAccountCode, cents: number): JournalLine => ({
  account,
  debitCents: 0,
  creditCents: cents,
});

/** The income (or asset, for principal) account each part of an instalment is paid into. */
const COMPONENT_ACCOUNT: Readonly<Record<PaymentComponent, LedgerAccountCode>> = {
  lateFee: LEDGER_ACCOUNT.lateFeeIncome,
  penalty: LEDGER_ACCOUNT.lateFeeIncome,
  charge: LEDGER_ACCOUNT.interestIncome,
  administratorFee: LEDGER_ACCOUNT.adminFeeIncome,
  amount: LEDGER_ACCOUNT.portfolio,
};

/** Centavos per account of a split, in the chart's order, zero accounts left out. */
function splitByAccount(split: Partial<PaymentSplit>): { account: LedgerAccountCode; cents: number }[] {
  const cents = new Map<LedgerAccountCode, number>();
  for (const [component, account] of Object.entries(COMPONENT_ACCOUNT) as [
    PaymentComponent,
    LedgerAccountCode,
  ][]) {
    const part = split[component] ?? 0;
    if (!Number.isSafeInteger(part) || part < 0) {
      throw new RangeError(`A split's ${component} must be whole, non-negative centavos: ${part}`);
    }
    cents.set(account, (cents.get(account) ?? 0) + part);
  }
  return LEDGER_ACCOUNTS.map((a) => ({ account: a.code, cents: cents.get(a.code) ?? 0 })).filter(
    (a) => a.cents > 0,
  );
}

function splitLines(entry: BooksWalletEntry): { account: LedgerAccountCode; cents: number }[] {
  if (!entry.allocation) throw new RangeError(`A ${entry.kind} needs its split`);
  const parts = splitByAccount(entry.allocation.split);
  const total = parts.reduce((sum, p) => sum + p.cents, 0);
  if (total !== Math.abs(entry.amountCents)) {
    throw new RangeError(`A ${entry.kind}'s split (${total}) is not its amount (${entry.amountCents})`);
  }
  return parts;
}

/** The same lines with debits and credits swapped: what undoes them. */
export const mirrorLines = (lines: readonly JournalLine[]): JournalLine[] =>
  lines.map((l) => ({ account: l.account, debitCents: l.creditCents, creditCents: l.debitCents }));

/**
 * The journal lines of one wallet ledger entry (decision 015):
 * - credit (a validated receipt): Dr Bancos / Cr Depósitos por aplicar;
 * - debit (money applied to instalments): Dr Depósitos por aplicar / Cr Cartera (principal),
 *   Ingresos por intereses (`charge`), Ingresos por comisión administrativa (`administratorFee`),
 *   Ingresos por recargos e intereses moratorios (`lateFee` + `penalty`);
 * - release (parts no longer owed, money back to the wallet): the mirror of a debit of those parts;
 * - reversal: the exact mirror of the reversed entry's lines (`reversedEntryLines`, required);
 * - refund (paid at once: the entry carries the bank reference): Dr Saldos a favor / Cr
 *   Devoluciones por pagar, and Dr Devoluciones por pagar / Cr Bancos;
 * - transfer: out of a paid loan (negative) Dr Saldos a favor / Cr Traspasos; into the next loan
 *   (positive) Dr Traspasos / Cr Depósitos por aplicar. The pair nets the bridge to zero.
 * The wallet side is always 'Depósitos por aplicar' except for refunds and transfers out, which come
 * from a paid loan's credit; `journalLinesForReclassification` then puts a loan's money where its
 * state says. Throws on an entry that cannot be journaled (a wrong sign, a split that is not the
 * amount, a reversal without the lines it reverses).
 */
export function journalLinesForWalletEntry(
  entry: BooksWalletEntry,
  reversedEntryLines?: readonly JournalLine[],
): JournalLine[] {
  const { kind, amountCents } = entry;
  const cents = Math.abs(amountCents);
  const { bank, unappliedReceipts, creditBalances, refundsPayable, transfersInTransit } = LEDGER_ACCOUNT;
  switch (kind) {
    case 'credit':
      requireCents(amountCents, 'A credit');
      return [debit(bank, cents), credit(unappliedReceipts, cents)];
    case 'debit':
      requireCents(-amountCents, 'A debit (negated)');
      return [debit(unappliedReceipts, cents), ...splitLines(entry).map((p) => credit(p.account, p.cents))];
    case 'release':
      requireCents(amountCents, 'A release');
      return [...splitLines(entry).map((p) => debit(p.account, p.cents)), credit(unappliedReceipts, cents)];
    case 'refund':
      requireCents(-amountCents, 'A refund (negated)');
      return [
        debit(creditBalances, cents),
        credit(refundsPayable, cents),
        debit(refundsPayable, cents),
        credit(bank, cents),
      ];
    case 'transfer':
      requireCents(cents, 'A transfer');
      return amountCents < 0
        ? [debit(creditBalances, cents), credit(transfersInTransit, cents)]
        : [debit(transfersInTransit, cents), credit(unappliedReceipts, cents)];
    case 'reversal': {
      requireCents(cents, 'A reversal');
      if (!reversedEntryLines || reversedEntryLines.length === 0) {
        throw new RangeError('A reversal is journaled as the mirror of the lines it reverses');
      }
      const lines = mirrorLines(reversedEntryLines);
      // The mirror moves the wallet by the reversal's own amount (the wallet accounts' net credit).
      if (walletNetCreditCents(lines) !== amountCents) {
        throw new RangeError(
          `A reversal of ${amountCents} does not mirror lines that moved the wallet by ${-walletNetCreditCents(lines)}`,
        );
      }
      return lines;
    }
  }
}

/**
 * The accounts that hold borrowers' money, loan by loan: their sum for a loan is its wallet
 * ('Deposito por aplicar' and 'Saldo a tu favor'). Every wallet entry moves them by its amount.
 */
export const WALLET_ACCOUNTS: readonly LedgerAccountCode[] = [
  LEDGER_ACCOUNT.unappliedReceipts,
  LEDGER_ACCOUNT.creditBalances,
];

/** Credits minus debits of the wallet accounts in `lines`: how much they move the wallet. */
export function walletNetCreditCents(lines: readonly JournalLine[]): number {
  return lines
    .filter((l) => WALLET_ACCOUNTS.includes(l.account))
    .reduce((sum, l) => sum + l.creditCents - l.debitCents, 0);
}

/** A disbursement: the money leaves the bank and becomes the loan portfolio (principal). */
export function journalLinesForDisbursement(amountCents: number): JournalLine[] {
  requireCents(amountCents, 'A disbursement');
  return [debit(LEDGER_ACCOUNT.portfolio, amountCents), credit(LEDGER_ACCOUNT.bank, amountCents)];
}

/** A disbursement undone (the loan back to 5 Reunido): the mirror of `journalLinesForDisbursement`. */
export function journalLinesForDisbursementReversal(amountCents: number): JournalLine[] {
  return mirrorLines(journalLinesForDisbursement(amountCents));
}

/** A loan's money in the books: the credit balances of its two wallet accounts. */
export interface LoanWalletBooks {
  /** 'Depósitos por aplicar' of the loan (credits − debits). */
  unappliedCents: number;
  /** 'Saldos a favor de clientes' of the loan (credits − debits). */
  creditBalanceCents: number;
}

/**
 * Moves a loan's money to where its state says: all of it in 'Depósitos por aplicar' while the loan
 * still owes (money waiting to be applied), all of it in 'Saldos a favor de clientes' once it owes
 * nothing (a paid loan's credit, or money on a loan that is no longer disbursed). No lines when it is
 * already there. Only moves between the two: their sum is the loan's wallet.
 */
export function journalLinesForReclassification(books: LoanWalletBooks, owes: boolean): JournalLine[] {
  const { unappliedCents, creditBalanceCents } = books;
  if (!Number.isSafeInteger(unappliedCents) || !Number.isSafeInteger(creditBalanceCents)) {
    throw new RangeError('Balances are whole centavos');
  }
  const total = unappliedCents + creditBalanceCents;
  const target = owes ? total : 0;
  const move = unappliedCents - target; // > 0: out of unapplied into credit balances
  if (move === 0) return [];
  const { unappliedReceipts, creditBalances } = LEDGER_ACCOUNT;
  return move > 0
    ? [debit(unappliedReceipts, move), credit(creditBalances, move)]
    : [debit(creditBalances, -move), credit(unappliedReceipts, -move)];
}

/** Total debits and credits of some lines. */
export function journalTotals(lines: readonly { debitCents: number; creditCents: number }[]) {
  return lines.reduce(
    (t, l) => ({ debitCents: t.debitCents + l.debitCents, creditCents: t.creditCents + l.creditCents }),
    { debitCents: 0, creditCents: 0 },
  );
}

/** Debits equal credits, and every line has centavos on exactly one side. */
export function isBalanced(lines: readonly JournalLine[]): boolean {
  const wellFormed = lines.every(
    (l) =>
      Number.isSafeInteger(l.debitCents) &&
      Number.isSafeInteger(l.creditCents) &&
      l.debitCents >= 0 &&
      l.creditCents >= 0 &&
      l.debitCents > 0 !== l.creditCents > 0,
  );
  const totals = journalTotals(lines);
  return wellFormed && totals.debitCents === totals.creditCents;
}

/** An account's balance on its normal side: debits − credits for assets, credits − debits otherwise. */
export function accountBalanceCents(
  code: LedgerAccountCode,
  debitCents: number,
  creditCents: number,
): number {
  const account = ledgerAccount(code);
  return account?.normalSide === 'credit' ? creditCents - debitCents : debitCents - creditCents;
}
