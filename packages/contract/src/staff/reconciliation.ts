import {
  RECEIPT_STATES,
  STATEMENT_AMOUNT_MODES,
  STATEMENT_DATE_FORMATS,
  STATEMENT_DECIMAL_SEPARATORS,
  STATEMENT_DELIMITERS,
  STATEMENT_MAX_COLUMN,
  STATEMENT_MAX_SKIP_ROWS,
  STATEMENT_THOUSANDS_SEPARATORS,
  UNMATCHED_LINE_REASONS,
  UNMATCHED_RECEIPT_REASONS,
  layoutMessages,
} from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoDate, isoInstant, pageFields, paged } from './fields.ts';

/**
 * Bank reconciliation ('Conciliación', issue 31 point 5): each bank's statement layout, importing a
 * statement's CSV, a statement with its lines and the matches proposed between its credit lines and
 * the bank's pending receipts, and confirming one (which validates the receipt at the cashier's desk
 * with the line's date and amount). The service (apps/api/src/services/reconciliation/) checks every
 * rule again with the same Spanish words.
 */

export const reconciliationMessages = {
  bankCode: 'Elige el banco del estado de cuenta.',
  receiptId: 'Elige el comprobante que quieres conciliar con esta línea.',
  photoSha256: 'Falta la huella de la foto del comprobante que viste. Recarga la página.',
  statementId: 'Identificador de estado de cuenta inválido.',
  lineId: 'Identificador de línea inválido.',
} as const;

const bankCodeField = z.coerce
  .number({ error: reconciliationMessages.bankCode })
  .int(reconciliationMessages.bankCode)
  .min(1, reconciliationMessages.bankCode)
  .max(32_767, reconciliationMessages.bankCode);

const column = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(STATEMENT_MAX_COLUMN, message);

/** A bank's layout as staff save it (the domain's `BankStatementLayout`; cross-field rules in the service). */
export const bankStatementLayoutBody = z.object({
  delimiter: z.enum(STATEMENT_DELIMITERS, { error: layoutMessages.delimiter }),
  skipRows: z
    .number({ error: layoutMessages.skipRows })
    .int(layoutMessages.skipRows)
    .min(0, layoutMessages.skipRows)
    .max(STATEMENT_MAX_SKIP_ROWS, layoutMessages.skipRows),
  dateColumn: column(layoutMessages.column('dateColumn')),
  referenceColumn: column(layoutMessages.column('referenceColumn')),
  descriptionColumn: column(layoutMessages.column('descriptionColumn')),
  amountMode: z.enum(STATEMENT_AMOUNT_MODES, { error: layoutMessages.amountMode }),
  amountColumn: column(layoutMessages.column('amountColumn')).nullable(),
  creditColumn: column(layoutMessages.column('creditColumn')).nullable(),
  debitColumn: column(layoutMessages.column('debitColumn')).nullable(),
  dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: layoutMessages.dateFormat }),
  decimalSeparator: z.enum(STATEMENT_DECIMAL_SEPARATORS, { error: layoutMessages.decimalSeparator }),
  thousandsSeparator: z.enum(STATEMENT_THOUSANDS_SEPARATORS, { error: layoutMessages.thousandsSeparator }),
});

/** A bank's saved layout, with the bank's name and who saved it last (null: the shipped one). */
export const bankStatementLayoutItem = bankStatementLayoutBody.extend({
  bankCode: z.number().int(),
  bankName: z.string(),
  updatedAt: isoInstant,
  updatedBy: z.string().nullable(),
});

const cents = z.number().int();

/** A statement as the list shows it. */
export const bankStatementItem = z.object({
  id: z.number().int(),
  bankCode: z.number().int(),
  bankName: z.string(),
  fileName: z.string(),
  importedAt: isoInstant,
  importedBy: z.string(),
  firstDate: isoDate,
  lastDate: isoDate,
  /** Movements in the file, and how many were new (the others were in an earlier statement). */
  linesInFile: z.number().int(),
  linesAdded: z.number().int(),
  creditsAdded: z.number().int(),
  creditCentsAdded: cents,
  /** Its credit lines matched to a receipt so far. */
  matchedCount: z.number().int(),
});

/** A pending (or, once matched, decided) receipt as the reconciliation shows it. */
export const reconciliationReceipt = z.object({
  id: z.number().int(),
  state: z.enum(RECEIPT_STATES),
  stateLabel: z.string(),
  reference: z.string(),
  declaredAmountCents: cents,
  receivedAmountCents: cents.nullable(),
  valueDate: isoDate.nullable(),
  sentAt: isoInstant,
  /** The Tegucigalpa day it was sent: the reconciliation window is counted from it. */
  sentOn: isoDate,
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  loanId: z.number().int(),
  /** The photo's SHA-256 the screen showed: sent back with the confirmation. */
  photoSha256: z.string(),
});

/** One movement of a statement. */
export const bankStatementLine = z.object({
  id: z.number().int(),
  rowNumber: z.number().int(),
  postedOn: isoDate,
  reference: z.string(),
  /** Signed centavos: a credit (money in) is positive, a debit negative. */
  amountCents: cents,
  description: z.string(),
  kind: z.enum(['credit', 'debit']),
  /** The receipt it was matched to, as that receipt stands now; null while unmatched (always for a debit). */
  matchedReceipt: reconciliationReceipt.nullable(),
  matchedBy: z.string().nullable(),
  matchedAt: isoInstant.nullable(),
});

/** A statement, its lines, and what the matcher proposes for its unmatched credit lines. */
export const bankStatementDetail = z.object({
  statement: bankStatementItem,
  lines: z.array(bankStatementLine),
  /** The window a line's date must fall in around the day a receipt was sent. */
  window: z.object({ daysBefore: z.number().int(), daysAfter: z.number().int() }),
  proposals: z.array(
    z.object({
      lineId: z.number().int(),
      receipt: reconciliationReceipt,
      /** The receipt's value date once confirmed (the line's date, never after the day it was sent). */
      valueDate: isoDate,
    }),
  ),
  unmatchedLines: z.array(
    z.object({
      lineId: z.number().int(),
      reason: z.enum(UNMATCHED_LINE_REASONS),
      reasonLabel: z.string(),
    }),
  ),
  /** The bank's pending receipts sent around the statement's dates (or sharing a line's reference), not proposed. */
  unmatchedReceipts: z.array(
    z.object({
      receipt: reconciliationReceipt,
      reason: z.enum(UNMATCHED_RECEIPT_REASONS),
      reasonLabel: z.string(),
    }),
  ),
});

export const importBankStatementBody = z.object({ bankCode: bankCodeField });

export const confirmMatchBody = z.object({
  receiptId: idField(reconciliationMessages.receiptId),
  photoSha256: z
    .string({ error: reconciliationMessages.photoSha256 })
    .trim()
    .regex(/^[0-9a-f]{64}$/, reconciliationMessages.photoSha256),
});

const statementParams = z.object({ id: idField(reconciliationMessages.statementId) });
const lineParams = z.object({
  id: idField(reconciliationMessages.statementId),
  lineId: idField(reconciliationMessages.lineId),
});
const layoutParams = z.object({ bankCode: bankCodeField });

/** 'Conciliación': `reconciliation.manage` (cashier, supervisor, admin). */
export const staffReconciliationRows = {
  listBankStatementLayouts: defineStaffEndpoint({
    method: 'GET',
    path: '/bank-statement-layouts',
    access: 'reconciliation.manage',
    summary: "Each bank's statement layout, and the banks",
    response: jsonResponse(
      z.object({
        items: z.array(bankStatementLayoutItem),
        banks: z.array(z.object({ code: z.number().int(), name: z.string() })),
      }),
    ),
  }),
  saveBankStatementLayout: defineStaffEndpoint({
    method: 'PATCH',
    path: '/bank-statement-layouts/:bankCode',
    access: 'reconciliation.manage',
    summary: "Saves a bank's statement layout (audited)",
    params: layoutParams,
    body: bankStatementLayoutBody,
    response: jsonResponse(z.object({ layout: bankStatementLayoutItem })),
  }),
  listBankStatements: defineStaffEndpoint({
    method: 'GET',
    path: '/bank-statements',
    access: 'reconciliation.manage',
    summary: 'The statements imported, newest first',
    query: z.object({ ...pageFields }),
    response: jsonResponse(paged(bankStatementItem)),
  }),
  importBankStatement: defineStaffEndpoint({
    method: 'POST',
    path: '/bank-statements',
    access: 'reconciliation.manage',
    summary:
      "Imports a bank's statement CSV (multipart: bankCode, file); the same file again adds nothing (audited)",
    body: importBankStatementBody,
    multipart: ['file'],
    response: jsonResponse(
      z.object({
        statement: bankStatementItem,
        /** The very same file was imported before: nothing was added, this is that import. */
        alreadyImported: z.boolean(),
      }),
    ),
  }),
  getBankStatement: defineStaffEndpoint({
    method: 'GET',
    path: '/bank-statements/:id',
    access: 'reconciliation.manage',
    summary: 'A statement, its lines, the matches proposed and what is left unmatched',
    params: statementParams,
    response: jsonResponse(bankStatementDetail),
  }),
  confirmStatementMatch: defineStaffEndpoint({
    method: 'POST',
    path: '/bank-statements/:id/lines/:lineId/match',
    access: 'reconciliation.manage',
    summary:
      "Confirms a match: validates the receipt with the line's amount and date (audited; 409 when taken)",
    params: lineParams,
    body: confirmMatchBody,
    response: jsonResponse(
      z.object({
        lineId: z.number().int(),
        receipt: reconciliationReceipt,
        /** Validated after 19:59: the money waits in the wallet for the next day's run. */
        appliesLater: z.boolean(),
      }),
    ),
  }),
};
