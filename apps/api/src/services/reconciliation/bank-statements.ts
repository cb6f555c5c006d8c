import { createHash } from 'node:crypto';
import {
  addDays,
  can,
  formatCents,
  isMatchCandidate,
  matchStatementLines,
  parseBankStatement,
  RECEIPT_STATE_LABELS,
  RECONCILIATION_WINDOW,
  reconciledValueDate,
  statementLineKey,
  statementRefusal,
  todayInTegucigalpa,
  UNMATCHED_LINE_REASON_LABELS,
  UNMATCHED_RECEIPT_REASON_LABELS,
  type ReconcilableReceipt,
  type StatementLine,
} from '@prestamos-hn/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  bankStatementLines,
  bankStatements,
  banks,
  borrowers,
  loans,
  receipts,
  staffAccounts,
} from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { decideReceipt } from '../payments/cashier-desk.ts';
import { borrowerFullName } from '../payments/names.ts';
import { conflict, forbidden, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { findStatementLayout } from './layouts.ts';
import { reconciliationTexts } from './messages.ts';

/**
 * Bank reconciliation (issue 31 point 5; the rules are the domain's `bank-statements.ts`): a cashier
 * imports the bank's statement; each credit line is proposed against the bank's pending receipts;
 * confirming a proposal validates the receipt at the cashier's desk (`decideReceipt`, with its
 * credit, value date, application and second-approval rules) with the line's amount and date, and
 * ties the line to it in the same transaction.
 */

/** Lines written per INSERT (PostgreSQL takes at most 65,535 parameters in one statement). */
const LINES_PER_INSERT = 1000;
const FILE_NAME_MAX = 200;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** The instant a Tegucigalpa day begins (UTC-6, no daylight saving). */
const tegucigalpaMidnight = (date: string) => new Date(`${date}T06:00:00.000Z`);

/** Lempiras as the cashier's desk reads them: digits and two decimals, no grouping. */
const lempirasText = (cents: number) => formatCents(cents).replace(/,/g, '');

/** The file's name as the browser gave it: shown only, so cut to its last part, printable, short. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return printable.slice(0, FILE_NAME_MAX) || 'estado-de-cuenta.csv';
}

/**
 * The file's text: UTF-8 (a byte-order mark is dropped by the parser), else Windows-1252, which
 * spreadsheet programs in Spanish still write. A NUL byte means it is not a text CSV at all (a
 * spreadsheet, a PDF, UTF-16).
 */
function readStatementText(data: Buffer): string {
  if (data.length === 0) throw new UserError(reconciliationTexts.fileEmpty, { field: 'file' });
  if (data.includes(0)) throw new UserError(reconciliationTexts.notText, { field: 'file' });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

type StatementRow = typeof bankStatements.$inferSelect;

const matchedCount = sql<number>`(select count(*) from ${bankStatementLines} as l where l.statement_id = ${bankStatements.id} and l.matched_receipt_id is not null)`;

function selectStatements(db: DbOrTx, where?: SQL) {
  return db
    .select({
      statement: bankStatements,
      bankName: banks.name,
      importedBy: staffAccounts.name,
      matchedCount,
    })
    .from(bankStatements)
    .innerJoin(banks, eq(banks.code, bankStatements.bankCode))
    .innerJoin(staffAccounts, eq(staffAccounts.id, bankStatements.importedByStaffId))
    .where(where);
}

const toStatementItem = (row: Awaited<ReturnType<typeof selectStatements>>[number]) => ({
  id: row.statement.id,
  bankCode: row.statement.bankCode,
  bankName: row.bankName,
  fileName: row.statement.fileName,
  importedAt: row.statement.importedAt.toISOString(),
  importedBy: row.importedBy,
  firstDate: row.statement.firstDate,
  lastDate: row.statement.lastDate,
  linesInFile: row.statement.linesInFile,
  linesAdded: row.statement.linesAdded,
  creditsAdded: row.statement.creditsAdded,
  creditCentsAdded: row.statement.creditCentsAdded,
  matchedCount: Number(row.matchedCount),
});

async function statementItem(db: DbOrTx, id: number) {
  const [row] = await selectStatements(db, eq(bankStatements.id, id));
  return toStatementItem(row!);
}

/** The statements imported, newest first, one page. */
export async function listBankStatements(deps: Pick<Deps, 'db'>, query: { page: number; pageSize: number }) {
  const rows = await selectStatements(deps.db)
    .orderBy(desc(bankStatements.importedAt), desc(bankStatements.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await deps.db.select({ n: count() }).from(bankStatements);
  return {
    items: rows.map(toStatementItem),
    total: Number(total!.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface StatementUpload {
  bankCode: number;
  /** The upload's files: the statement is the one in the field `file`. */
  files: readonly { field: string; data: Buffer; fileName: string }[];
}

/**
 * Imports a bank's statement: read with the bank's layout (any row that cannot be read refuses the
 * whole file, in Spanish, and nothing is stored), then, in one transaction, the statement (unique per
 * bank and file SHA-256: the very same file again answers the first import and adds nothing), its
 * new lines (each unique per bank by its fingerprint: a movement already imported from an earlier,
 * overlapping statement is not added again) and an audit row.
 */
export async function importBankStatement(deps: Deps, staff: StaffMember, upload: StatementUpload) {
  const file = upload.files.find((f) => f.field === 'file');
  if (!file) throw new UserError(reconciliationTexts.fileRequired, { field: 'file' });
  const [bank] = await deps.db.select().from(banks).where(eq(banks.code, upload.bankCode)).limit(1);
  if (!bank) throw new UserError(reconciliationTexts.bankNotFound, { field: 'bankCode' });
  const layout = await findStatementLayout(deps.db, upload.bankCode);
  if (!layout) throw new UserError(reconciliationTexts.noLayout, { field: 'bankCode' });
  const parsed = parseBankStatement(readStatementText(file.data), layout);
  if (!parsed.ok) throw new UserError(statementRefusal(parsed.errors), { field: 'file' });
  const fileSha256 = sha256(file.data);
  const dates = parsed.lines.map((l) => l.postedOn).sort();

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        bankCode: upload.bankCode,
        fileName: cleanFileName(file.fileName),
        fileSha256,
        importedByStaffId: staff.id,
        importedAt: now,
        firstDate: dates[0]!,
        lastDate: dates[dates.length - 1]!,
        linesInFile: parsed.lines.length,
        linesAdded: 0,
        creditsAdded: 0,
        creditCentsAdded: 0,
      })
      .onConflictDoNothing({ target: [bankStatements.bankCode, bankStatements.fileSha256] })
      .returning();
    if (!statement) {
      const [earlier] = await tx
        .select({ id: bankStatements.id })
        .from(bankStatements)
        .where(and(eq(bankStatements.bankCode, upload.bankCode), eq(bankStatements.fileSha256, fileSha256)));
      return { statement: await statementItem(tx, earlier!.id), alreadyImported: true };
    }
    const added = await insertNewLines(tx, statement, parsed.lines);
    const credits = added.filter((l) => l.amountCents > 0);
    const counts = {
      linesAdded: added.length,
      creditsAdded: credits.length,
      creditCentsAdded: credits.reduce((sum, l) => sum + l.amountCents, 0),
    };
    await tx.update(bankStatements).set(counts).where(eq(bankStatements.id, statement.id));
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'bank_statement.import',
      entity: 'bank_statement',
      entityId: statement.id,
      after: {
        bankCode: statement.bankCode,
        fileName: statement.fileName,
        fileSha256,
        firstDate: statement.firstDate,
        lastDate: statement.lastDate,
        linesInFile: statement.linesInFile,
        ...counts,
      },
    });
    return { statement: await statementItem(tx, statement.id), alreadyImported: false };
  });
}

/** Inserts the lines not yet known at the bank (by fingerprint); the ones it added. */
async function insertNewLines(tx: DbOrTx, statement: StatementRow, lines: readonly StatementLine[]) {
  const added: { id: number; amountCents: number }[] = [];
  for (let at = 0; at < lines.length; at += LINES_PER_INSERT) {
    const chunk = lines.slice(at, at + LINES_PER_INSERT).map((line) => ({
      statementId: statement.id,
      bankCode: statement.bankCode,
      rowNumber: line.row,
      postedOn: line.postedOn,
      reference: line.reference,
      canonicalReference: line.canonicalReference,
      amountCents: line.amountCents,
      description: line.description,
      occurrence: line.occurrence,
      fingerprint: sha256(statementLineKey(line)),
    }));
    added.push(
      ...(await tx
        .insert(bankStatementLines)
        .values(chunk)
        .onConflictDoNothing({ target: [bankStatementLines.bankCode, bankStatementLines.fingerprint] })
        .returning({ id: bankStatementLines.id, amountCents: bankStatementLines.amountCents })),
    );
  }
  return added;
}

const receiptColumns = {
  receipt: receipts,
  borrower: {
    firstName: borrowers.firstName,
    secondName: borrowers.secondName,
    firstSurname: borrowers.firstSurname,
    secondSurname: borrowers.secondSurname,
  },
  disbursedOn: loans.disbursedOn,
};

function selectReceipts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(borrowers, eq(borrowers.id, receipts.borrowerId))
    .innerJoin(loans, eq(loans.id, receipts.loanId))
    .where(where);
}

type ReceiptRow = Awaited<ReturnType<typeof selectReceipts>>[number];

/** A receipt as the reconciliation shows it (contract `reconciliationReceipt`). */
const toReceiptView = (row: ReceiptRow) => ({
  id: row.receipt.id,
  state: row.receipt.state,
  stateLabel: RECEIPT_STATE_LABELS[row.receipt.state],
  reference: row.receipt.reference,
  declaredAmountCents: row.receipt.declaredAmountCents,
  receivedAmountCents: row.receipt.receivedAmountCents,
  valueDate: row.receipt.valueDate,
  sentAt: row.receipt.sentAt.toISOString(),
  sentOn: todayInTegucigalpa(row.receipt.sentAt),
  borrowerId: row.receipt.borrowerId,
  borrowerName: borrowerFullName(row.borrower),
  loanId: row.receipt.loanId,
  photoSha256: row.receipt.photoSha256,
});

const toReconcilable = (row: ReceiptRow): ReconcilableReceipt => ({
  id: row.receipt.id,
  canonicalReference: row.receipt.canonicalReference,
  declaredAmountCents: row.receipt.declaredAmountCents,
  sentOn: todayInTegucigalpa(row.receipt.sentAt),
  disbursedOn: row.disbursedOn,
});

async function loadStatement(db: DbOrTx, id: number): Promise<StatementRow> {
  const [row] = Number.isSafeInteger(id)
    ? await db.select().from(bankStatements).where(eq(bankStatements.id, id)).limit(1)
    : [];
  if (!row) throw notFound(reconciliationTexts.statementNotFound);
  return row;
}

/** Pending receipts of the bank not tied to any line. */
const pendingAtBank = (bankCode: number) =>
  and(
    eq(receipts.bankCode, bankCode),
    eq(receipts.state, 'pending'),
    notExists(sql`(select 1 from ${bankStatementLines} as l where l.matched_receipt_id = ${receipts.id})`),
  );

/**
 * A statement with its lines (each with the receipt it was matched to, as that receipt stands now),
 * the matches the domain's `matchStatementLines` proposes between its unmatched credit lines and the
 * bank's pending receipts, and what is left unmatched with the reason. The receipts considered are
 * the bank's pending ones sharing a line's canonical reference, or sent on a day whose window reaches
 * the statement's dates.
 */
export async function getBankStatement(deps: Pick<Deps, 'db'>, id: number) {
  const statement = await loadStatement(deps.db, id);
  const lineRows = await deps.db
    .select({ line: bankStatementLines, matchedBy: staffAccounts.name })
    .from(bankStatementLines)
    .leftJoin(staffAccounts, eq(staffAccounts.id, bankStatementLines.matchedByStaffId))
    .where(eq(bankStatementLines.statementId, statement.id))
    .orderBy(asc(bankStatementLines.rowNumber), asc(bankStatementLines.id));
  const matchedIds = lineRows.flatMap((r) =>
    r.line.matchedReceiptId === null ? [] : [r.line.matchedReceiptId],
  );
  const matched = new Map(
    (matchedIds.length === 0 ? [] : await selectReceipts(deps.db, inArray(receipts.id, matchedIds))).map(
      (r) => [r.receipt.id, r],
    ),
  );

  const open = lineRows.map((r) => r.line).filter((l) => l.amountCents > 0 && l.matchedReceiptId === null);
  const references = [...new Set(open.map((l) => l.canonicalReference).filter((r) => r !== ''))];
  const window = RECONCILIATION_WINDOW;
  // A receipt sent from `daysAfter` days before the first date to `daysBefore` days after the last
  // has a window that reaches the statement.
  const sentFrom = tegucigalpaMidnight(addDays(statement.firstDate, -window.daysAfter));
  const sentUntil = tegucigalpaMidnight(addDays(statement.lastDate, window.daysBefore + 1));
  const candidates = await selectReceipts(
    deps.db,
    and(
      pendingAtBank(statement.bankCode),
      or(
        and(gte(receipts.sentAt, sentFrom), lt(receipts.sentAt, sentUntil)),
        references.length > 0 ? inArray(receipts.canonicalReference, references) : undefined,
      ),
    ),
  ).orderBy(asc(receipts.sentAt), asc(receipts.id));
  const byId = new Map(candidates.map((r) => [r.receipt.id, r]));

  const matching = matchStatementLines(
    open.map((l) => ({
      id: l.id,
      postedOn: l.postedOn,
      canonicalReference: l.canonicalReference,
      amountCents: l.amountCents,
    })),
    candidates.map(toReconcilable),
    window,
  );

  const [item] = await selectStatements(deps.db, eq(bankStatements.id, statement.id));
  return {
    statement: toStatementItem(item!),
    lines: lineRows.map(({ line, matchedBy }) => {
      const receipt = line.matchedReceiptId === null ? undefined : matched.get(line.matchedReceiptId);
      return {
        id: line.id,
        rowNumber: line.rowNumber,
        postedOn: line.postedOn,
        reference: line.reference,
        amountCents: line.amountCents,
        description: line.description,
        kind: line.amountCents > 0 ? ('credit' as const) : ('debit' as const),
        matchedReceipt: receipt ? toReceiptView(receipt) : null,
        matchedBy,
        matchedAt: line.matchedAt?.toISOString() ?? null,
      };
    }),
    window: { daysBefore: window.daysBefore, daysAfter: window.daysAfter },
    // A line tied to a receipt that is pending again (a second person sent its validation back to
    // the cashier) is proposed with it again: confirming runs the desk's decision anew.
    proposals: [
      ...lineRows.flatMap(({ line }) => {
        const receipt = line.matchedReceiptId === null ? undefined : matched.get(line.matchedReceiptId);
        if (receipt?.receipt.state !== 'pending') return [];
        const valueDate = reconciledValueDate(line.postedOn, todayInTegucigalpa(receipt.receipt.sentAt));
        return [{ lineId: line.id, receipt: toReceiptView(receipt), valueDate }];
      }),
      ...matching.proposals.map((p) => ({
        lineId: p.lineId,
        receipt: toReceiptView(byId.get(p.receiptId)!),
        valueDate: p.valueDate,
      })),
    ],
    unmatchedLines: matching.unmatchedLines.map((u) => ({
      lineId: u.lineId,
      reason: u.reason,
      reasonLabel: UNMATCHED_LINE_REASON_LABELS[u.reason],
    })),
    unmatchedReceipts: matching.unmatchedReceipts.map((u) => ({
      receipt: toReceiptView(byId.get(u.receiptId)!),
      reason: u.reason,
      reasonLabel: UNMATCHED_RECEIPT_REASON_LABELS[u.reason],
    })),
  };
}

export interface MatchConfirmation {
  receiptId: number;
  /** The SHA-256 of the receipt's photo the screen showed: a photo replaced since refuses. */
  photoSha256: string;
}

/**
 * A cashier confirms a line's match, in one transaction: the line is tied to the receipt (a
 * conditional update, so of two confirmations of one line one wins; a receipt already tied to
 * another line is refused by the unique index), then the receipt is validated at the cashier's desk
 * (`decideReceipt`, in a savepoint of this transaction) with the line's amount and value date
 * (`reconciledValueDate`), so the credit, the application and every rule of the desk apply as for any
 * validation; it may wait as 'Por aprobar'. Either way the line stays matched. If the desk refuses
 * (another cashier decided, the photo changed...), nothing is kept and the refusal is the answer.
 */
export async function confirmStatementMatch(
  deps: Deps,
  staff: StaffMember,
  statementId: number,
  lineId: number,
  input: MatchConfirmation,
) {
  if (!can(staff.role, 'receipts.decide')) throw forbidden();
  return deps.db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.statementId, statementId)))
      .for('update');
    if (!line) throw notFound(reconciliationTexts.lineNotFound);
    if (line.amountCents <= 0) throw new UserError(reconciliationTexts.notACredit);
    // Tied already: only to the same receipt, pending again (its validation was sent back), to decide anew.
    const isTiedAgain = line.matchedReceiptId !== null && line.matchedReceiptId === input.receiptId;
    if (line.matchedReceiptId !== null && !isTiedAgain) {
      throw conflict(reconciliationTexts.lineTaken(line.matchedReceiptId));
    }
    const [receipt] = await selectReceipts(tx, eq(receipts.id, input.receiptId));
    if (!receipt) throw notFound(reconciliationTexts.receiptNotFound);
    const state = receipt.receipt.state;
    if (state !== 'pending') {
      throw conflict(reconciliationTexts.receiptNotPending(receipt.receipt.id, RECEIPT_STATE_LABELS[state]));
    }
    const [taken] = await tx
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.matchedReceiptId, receipt.receipt.id));
    if (taken && taken.id !== line.id) throw conflict(reconciliationTexts.receiptTaken);
    const reconcilable = toReconcilable(receipt);
    if (receipt.receipt.bankCode !== line.bankCode || !isMatchCandidate(line, reconcilable)) {
      throw conflict(reconciliationTexts.noMatch);
    }
    if (receipt.receipt.photoSha256 !== input.photoSha256) throw conflict(reconciliationTexts.photoChanged);

    const now = deps.clock.now();
    try {
      const [claimed] = await tx
        .update(bankStatementLines)
        .set({ matchedReceiptId: receipt.receipt.id, matchedByStaffId: staff.id, matchedAt: now })
        .where(
          and(
            eq(bankStatementLines.id, line.id),
            isTiedAgain
              ? eq(bankStatementLines.matchedReceiptId, receipt.receipt.id)
              : isNull(bankStatementLines.matchedReceiptId),
          ),
        )
        .returning({ id: bankStatementLines.id });
      if (!claimed) throw conflict(reconciliationTexts.lineTaken(receipt.receipt.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(reconciliationTexts.receiptTaken);
      throw error;
    }

    const valueDate = reconciledValueDate(line.postedOn, reconcilable.sentOn);
    const decision = await decideReceipt({ ...deps, db: tx as unknown as Db }, staff, receipt.receipt.id, {
      decision: 'validate',
      amount: lempirasText(line.amountCents),
      valueDate,
      photoSha256: input.photoSha256,
    });
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'bank_statement.match',
      entity: 'bank_statement',
      entityId: statementId,
      after: {
        lineId: line.id,
        receiptId: receipt.receipt.id,
        postedOn: line.postedOn,
        amountCents: line.amountCents,
        valueDate,
        receiptState: decision.state,
      },
    });
    const [after] = await selectReceipts(tx, eq(receipts.id, receipt.receipt.id));
    return { lineId: line.id, receipt: toReceiptView(after!), appliesLater: decision.appliesLater };
  });
}
