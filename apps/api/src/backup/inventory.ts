// What a backup says about itself (manifest.json) and what a restore checks against it: the rows of
// every table, the ledger's sums and every stored file's SHA-256 (issue 34 point 5).
import { createHash } from 'node:crypto';
import type { FileStorage } from '../integrations/file-storage/types.ts';

/** One statement's rows, on PostgreSQL (a client inside the backup's snapshot) or PGlite. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Centavos and counts as decimal text: exact whatever their size (bigint sums). */
export type Sum = string;

export interface LedgerSums {
  /** The journal per account: debits, credits and lines (journal_lines). */
  journal: Record<string, { debitCents: Sum; creditCents: Sum; lines: Sum }>;
  /** The wallets per kind of entry: their amount and entries (wallet_entries). */
  wallets: Record<string, { amountCents: Sum; entries: Sum }>;
  /** Every instalment's amounts and what covers them (instalments). */
  instalments: Record<string, Sum>;
  /** The loans disbursed and their principal. */
  disbursed: { loans: Sum; amountCents: Sum };
}

export interface DatabaseInventory {
  /** `schema.table` → its rows, for every table of the database (the migrations' and pg-boss's too). */
  rowCounts: Record<string, number>;
  ledger: LedgerSums;
  /** The storage keys the database names (receipts, profile documents, chat photos). */
  referencedFiles: string[];
}

export interface FileEntry {
  key: string;
  sha256: string;
  bytes: number;
  contentType: string;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const text = (value: unknown): Sum => (value === null || value === undefined ? '0' : String(value));

/** Row counts, ledger sums and referenced files, read with `query` (one snapshot: the caller's). */
export async function takeInventory(query: Query): Promise<DatabaseInventory> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const rowCounts: Record<string, number> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(
      `select count(*)::text as n from ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`,
    );
    rowCounts[`${schema}.${name}`] = Number(row?.n ?? 0);
  }

  const journal: LedgerSums['journal'] = {};
  for (const row of await query(
    `select account_code, sum(debit_cents)::text as debit, sum(credit_cents)::text as credit,
       count(*)::text as lines
     from journal_lines group by account_code order by account_code`,
  )) {
    journal[String(row.account_code)] = {
      debitCents: text(row.debit),
      creditCents: text(row.credit),
      lines: text(row.lines),
    };
  }
  const wallets: LedgerSums['wallets'] = {};
  for (const row of await query(
    `select kind, sum(amount_cents)::text as amount, count(*)::text as entries
     from wallet_entries group by kind order by kind`,
  )) {
    wallets[String(row.kind)] = { amountCents: text(row.amount), entries: text(row.entries) };
  }
  const instalmentColumns = [
    'amount_cents',
    'amount_covered_cents',
    'charge_cents',
    'charge_covered_cents',
    'administrator_fee_cents',
    'administrator_fee_covered_cents',
    'late_fee_cents',
    'late_fee_covered_cents',
    'penalty_fee_cents',
    'penalty_covered_cents',
  ];
  const [instalmentRow] = await query(
    `select ${instalmentColumns.map((c) => `sum(${c})::text as ${c}`).join(', ')} from instalments`,
  );
  const instalments = Object.fromEntries(instalmentColumns.map((c) => [c, text(instalmentRow?.[c])]));
  const [disbursedRow] = await query(
    `select count(*)::text as loans, sum(amount_cents)::text as amount from loans where disbursed_on is not null`,
  );

  const referenced = await query(
    `select storage_key as key from receipts
     union select storage_key from borrower_files
     union select image_key from chat_messages where image_key is not null
     order by 1`,
  );
  return {
    rowCounts,
    ledger: {
      journal,
      wallets,
      instalments,
      disbursed: { loans: text(disbursedRow?.loans), amountCents: text(disbursedRow?.amount) },
    },
    referencedFiles: referenced.map((row) => String(row.key)),
  };
}

export const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** One line of a restore's check: what the backup says, what the restored copy has. */
export interface Comparison {
  what: string;
  expected: string;
  actual: string;
  ok: boolean;
}

/** Nested objects as `a.b.c` → value, for a line-by-line comparison. */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, String(value));
  }
  return into;
}

/**
 * The backup's inventory against the restored database's, and the backup's files against the store:
 * every table's rows, every ledger sum, and each file's SHA-256 (a missing file reads `absent`).
 * Equal lines are listed too, so the operator sees what was checked.
 */
export async function compareWithBackup(
  expected: { rowCounts: Record<string, number>; ledger: LedgerSums; files: FileEntry[] },
  actual: DatabaseInventory,
  storage: FileStorage,
): Promise<Comparison[]> {
  const lines: Comparison[] = [];
  const compareMaps = (label: string, want: Map<string, string>, have: Map<string, string>) => {
    for (const key of [...new Set([...want.keys(), ...have.keys()])].sort()) {
      const e = want.get(key) ?? 'absent';
      const a = have.get(key) ?? 'absent';
      lines.push({ what: `${label} ${key}`, expected: e, actual: a, ok: e === a });
    }
  };
  compareMaps('rows', flatten(expected.rowCounts, '', new Map()), flatten(actual.rowCounts, '', new Map()));
  compareMaps('ledger', flatten(expected.ledger, '', new Map()), flatten(actual.ledger, '', new Map()));
  let filesOk = 0;
  for (const file of expected.files) {
    const stored = await storage.get(file.key);
    const actualSha = stored ? sha256(stored.data) : 'absent';
    if (actualSha === file.sha256) filesOk += 1;
    else lines.push({ what: `file ${file.key}`, expected: file.sha256, actual: actualSha, ok: false });
  }
  lines.push({
    what: 'files with the same SHA-256',
    expected: String(expected.files.length),
    actual: String(filesOk),
    ok: filesOk === expected.files.length,
  });
  return lines;
}
