import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Loan and instalment statuses are named, never written as numbers: the domain's LOAN_STATUS,
 * INSTALMENT_STATUS and status lists in TypeScript, and the same written into SQL text with
 * sqlInt / sqlInts / sqlList (db/sql-literals.ts). This reads every non-test source file of the
 * service layer (and of the back-office, legacy and job handlers) and fails on a status written as a
 * number, naming each file:line.
 *
 * What it recognises, in code with the comments blanked out (SQL in template strings is code here):
 * a word ending in "status" (`status`, `loans.status`, `l.status`, `new_status`, `fromStatus`)
 * compared with, assigned or given a number of 0-99 (`=== 3`, `!== 5`, `= 8`, `<> 3`, `status: 0`);
 * `eq(loans.status, 5)` and the other Drizzle comparisons; `inArray(loans.status, [8, 9])`;
 * SQL `status in (3, 4)` and `status not in (1, 6)`; `3 as from_status`; and any list of two or more
 * small integers (`[0, 1, 5]`): in the services such lists have only ever been status lists. It
 * cannot see a number whose status role is only known from elsewhere (`then 6` inside a CASE whose
 * result is named `new_status` lines below, a single-element list): those are caught in review.
 * A line that really holds such a list and no status can say so with the comment `not-a-status`.
 */
const SCANNED = ['services', 'backoffice', 'legacy', 'jobs'];
const SRC = path.resolve(import.meta.dirname, '../src');
const OPT_OUT = 'not-a-status';

/** A status code as code writes it: one or two digits, not part of a longer number or a name. */
const N = String.raw`\d{1,2}(?![\w.])`;
/**
 * A name whose last word is "status" (case-insensitive): `status`, `loans.status`, `new_status`,
 * `fromStatus`, and a column interpolated into SQL, `${loans.status}`.
 */
const S = String.raw`[\w.$]*status\b\}?`;

const BARE_STATUS_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'status compared with or set to a number',
    pattern: new RegExp(`${S}\\s*(?:===|!==|==|!=|<>|<=|>=|<|>|=|:)\\s*${N}`, 'i'),
  },
  {
    name: 'a number compared with a status',
    pattern: new RegExp(`(?<![\\w.])${N}\\s*(?:===|!==|==|!=|<>)\\s*${S}`, 'i'),
  },
  {
    name: 'Drizzle comparison of a status with a number',
    pattern: new RegExp(`\\b(?:eq|ne|gt|gte|lt|lte)\\(\\s*${S}\\s*,\\s*${N}`, 'i'),
  },
  {
    name: 'Drizzle inArray of a status with numbers',
    pattern: new RegExp(`\\b(?:notInArray|inArray)\\(\\s*${S}\\s*,\\s*\\[\\s*${N}`, 'i'),
  },
  {
    name: 'SQL status in / not in a list of numbers',
    pattern: new RegExp(`${S}\\s+(?:not\\s+)?in\\s*\\(\\s*${N}`, 'i'),
  },
  { name: 'SQL status between numbers', pattern: new RegExp(`${S}\\s+between\\s+${N}`, 'i') },
  { name: 'a number selected as a status', pattern: new RegExp(`(?<![\\w.$])${N}\\s+as\\s+${S}`, 'i') },
  {
    name: 'a list of small integers (a status list?)',
    pattern: new RegExp(`\\[\\s*${N}(?:\\s*,\\s*${N})+\\s*,?\\s*\\]`),
  },
];

/** The text with every comment blanked out (line breaks kept, so line numbers stay right). */
function withoutComments(text: string): string {
  const chars = text.split(''); // UTF-16 code units, as the compiler's positions count
  const file = ts.createSourceFile('scanned.ts', text, ts.ScriptTarget.Latest, false);
  const blank = (pos: number, end: number) => {
    for (let k = pos; k < end; k++) if (chars[k] !== '\n') chars[k] = ' ';
  };
  const visit = (node: ts.Node) => {
    ts.forEachLeadingCommentRange(text, node.getFullStart(), blank);
    ts.forEachTrailingCommentRange(text, node.getEnd(), blank);
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return chars.join('');
}

interface Offence {
  where: string;
  rule: string;
  line: string;
}

/** Every bare status in one file's text, with its line number. */
function bareStatuses(text: string, where: string): Offence[] {
  const raw = text.split('\n');
  return withoutComments(text)
    .split('\n')
    .flatMap((code, index) => {
      if (raw[index]!.includes(OPT_OUT)) return [];
      const rule = BARE_STATUS_PATTERNS.find(({ pattern }) => pattern.test(code));
      return rule ? [{ where: `${where}:${index + 1}`, rule: rule.name, line: raw[index]!.trim() }] : [];
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));
}

describe('statuses are named, not numbers', () => {
  it('the patterns catch the forms bare statuses took and leave amounts, sizes and HTTP codes alone', () => {
    const caught = [
      'if (before.status !== 5) throw conflict();',
      'rejection_reason: r.status === 2 ? r.rejectionReason : null,',
      '.where(and(eq(loans.id, loanId), eq(loans.status, 5)))',
      '.set({ status: 7, expiredAt: now })',
      '.where(inArray(loans.status, [8, 9, 10, 11]))',
      'where i.status not in (1, 6) and l.status in (${payable})',
      'select distinct loan_id from instalments where status in (3, 4)',
      'when t.new_status in (3, 4) and t.late_fee_cents = 0',
      'update loans l set status = 8, updated_at = now()',
      'where l.status = 3 and l.id in (select loan_id from late_loans)',
      'where l.status <> 3',
      'select id, 3 as from_status, 8 as to_status',
      'sql`${loans.status} = 3 and ${instalments.status} not in (1, 6)`',
      'const DECIDED_STATUSES: readonly number[] = [1, 2, 5];',
      'const CLOSED_UNDISBURSED = [2, 7];',
      'approve: { from: [0, 1], to: 5 },',
      'const oldestFirst = query.status === 0 || query.status === 1;',
      'if (8 === loan.status) return;',
      'const x = { fromStatus: 9 };',
    ];
    const left = [
      'status: LOAN_STATUS.sent,',
      'if (before.status !== LOAN_STATUS.approved) throw conflict();',
      'where i.status not in (${paid}) and l.status in (${payable})',
      'select id, ${L.paying} as from_status, ${L.late} as to_status',
      'const userAgent = input.userAgent?.slice(0, 300) ?? null;',
      'if (amountCents === 0) return;',
      'if (response.status === 404) return null;',
      "if (profile.status === '1') return 'aprobado';",
      "eq(outbox.status, 'pending')",
      'reply.status(409).send(body);',
      'late_fee_cents = 0 and t.loan_late_fee > 0',
      'data.subarray(0, 8).equals(Buffer.from([0x89, 0x50]))',
      'const [first] = rows; total = rows[0]!.total;',
      '// 3 Pagando with a late instalment becomes 8 Atrasado: status = 8',
      '/* The UPDATE is conditional on status = 5, with l.status in (3, 8). */',
      'const steps = [1, 2, 4]; // not-a-status: minutes between tries',
    ];
    expect(caught.filter((line) => bareStatuses(line, 'sample').length === 0)).toEqual([]);
    expect(left.flatMap((line) => bareStatuses(line, 'sample'))).toEqual([]);
  });

  it('no service, back-office, legacy or job handler writes a loan or instalment status as a number', () => {
    const offences = SCANNED.flatMap((dir) =>
      sourceFiles(path.join(SRC, dir)).flatMap((file) =>
        bareStatuses(readFileSync(file, 'utf8'), path.relative(path.resolve(SRC, '../../..'), file)),
      ),
    );
    const report = offences.map((o) => `${o.where}: ${o.rule}: ${o.line}`).join('\n');
    expect(
      report,
      'Name the status (LOAN_STATUS / INSTALMENT_STATUS or a domain list; in SQL, sqlInt / sqlInts / sqlList ' +
        'from db/sql-literals.ts) instead of its number:',
    ).toBe('');
  });
});
