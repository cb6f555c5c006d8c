import {
  centsToWords,
  dailyDefaultRatePercent,
  daysText,
  formatCents,
  formatLongDate,
  formatShortDate,
  type IsoDate,
  type LoanQuote,
} from '@prestamos-hn/domain';
import type { DbOrTx } from '../../db/client.ts';
import { loadProfileState, toProfileData } from '../borrower-profile.ts';
import { collectionAccountsText, type PayableAccount } from '../collection-accounts.ts';
import { profileLabels } from '../shared/profile-labels.ts';
import { percentOfBp, type LoanTerms } from './terms.ts';

/** The two documents a borrower accepts with a request. */
export const LOAN_DOCUMENT_KINDS = ['contract', 'promissory_note'] as const;
export type LoanDocumentKind = (typeof LOAN_DOCUMENT_KINDS)[number];

/** A template version as stored. */
export interface TemplateVersion {
  kind: LoanDocumentKind;
  version: number;
  title: string;
  body: string;
}

/** The borrower's side of a document: who signs, where they live, where the money goes. */
export interface DocumentBorrower {
  fullName: string;
  personCode: string;
  address: string;
  phone: string;
  email: string;
  bankName: string;
  accountNumber: string;
}

/** The loan's side of a document: its terms, what was asked for, and its quote (centavos). */
export interface DocumentLoan {
  terms: LoanTerms;
  termDays: number;
  purposeTitle: string | null;
  quote: LoanQuote;
  /** The CAT of the quote, percent with one decimal. */
  annualCostPercent: number;
}

export interface DocumentContext {
  borrower: DocumentBorrower;
  /** Null for a preview before amount, term and product are chosen: the loan's numbers are blanks. */
  loan: DocumentLoan | null;
  /** The Tegucigalpa date the document is dated (the request's date). */
  date: IsoDate;
  /** Where it is signed: the city of the borrower's last known location (a blank when unknown). */
  city: string | null;
  brand: string;
  /** Where the borrower pays (issue 35, point 1): the lender's active collection accounts, in order. */
  collectionAccounts: readonly PayableAccount[];
}

/** What a blank reads like in a document rendered without a loan's numbers. */
export const BLANK = '__________';

/**
 * Every `{{placeholder}}` a template may use. `plan_de_pagos` is an HTML table the server builds
 * (its cells escaped); every other value is text, HTML-escaped when filled in.
 */
export const LOAN_DOCUMENT_PLACEHOLDERS = [
  'nombre',
  'identidad',
  'direccion',
  'telefono',
  'correo',
  'banco',
  'cuenta_bancaria',
  'monto',
  'monto_letras',
  'plazo_dias',
  'numero_pagos',
  'periodo',
  'proposito',
  'tasa_anual',
  'costo_anual_total',
  'intereses',
  'gastos_administrativos',
  'total_a_pagar',
  'total_a_pagar_letras',
  'plan_de_pagos',
  'fecha',
  'ciudad',
  'marca',
  // The arrears terms (decision 014, point 8): the late fee per instalment, the grace days after a
  // due date ('1 día', '3 días'), the tolerance, and the default interest's daily rate (percent).
  'recargo_mora',
  'dias_gracia',
  'tolerancia_mora',
  'tasa_moratoria_diaria',
  // Where to pay (issue 35, point 1): the lender's active collection accounts when the document is
  // rendered ('BAC Credomatic, cuenta 200123456 a nombre de …; Banco Atlántida, cuenta …').
  'cuentas_de_pago',
] as const;
export type LoanDocumentPlaceholder = (typeof LOAN_DOCUMENT_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The placeholders a template body uses that are not in the list (the loan documents' by default). */
export function unknownPlaceholders(
  body: string,
  allowed: readonly string[] = LOAN_DOCUMENT_PLACEHOLDERS,
): string[] {
  const known = new Set<string>(allowed);
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))].filter((name) => !known.has(name));
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
  );
}

/** Two decimals of a percent kept in basis points (6000 gives '60.00'). */
const percentText = (bp: number): string => formatCents(bp);

/**
 * The instalments as an HTML table: number, date (dd/mm/aaaa, as every table of the app writes
 * it), principal, interest, fees, total; escaped cells.
 */
export function scheduleTable(quote: LoanQuote): string {
  const head = ['Cuota', 'Fecha de pago', 'Capital (L)', 'Interés (L)', 'Gastos (L)', 'Total (L)'];
  const rows = quote.payments.map((p, index) => [
    `${index + 1} de ${quote.payments.length}`,
    formatShortDate(p.dueDate),
    formatCents(p.principalCents),
    formatCents(p.interestCents),
    formatCents(p.feeCents),
    formatCents(p.totalCents),
  ]);
  rows.push([
    'Total',
    '',
    formatCents(quote.amountCents),
    formatCents(quote.interestCents),
    formatCents(quote.feesCents),
    formatCents(quote.totalCents),
  ]);
  const cells = (tag: 'th' | 'td', values: string[]) =>
    values.map((v) => `<${tag}>${escapeHtml(v)}</${tag}>`).join('');
  return [
    '<table>',
    `<thead><tr>${cells('th', head)}</tr></thead>`,
    `<tbody>${rows.map((r) => `<tr>${cells('td', r)}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('');
}

/** The value of every placeholder for this context (text, not yet escaped; the table is HTML). */
function placeholderValues(ctx: DocumentContext): Record<LoanDocumentPlaceholder, string> {
  const { borrower: b, loan } = ctx;
  const q = loan?.quote;
  const orBlank = (value: string | null | undefined) =>
    value === null || value === undefined ? BLANK : value;
  return {
    nombre: b.fullName,
    identidad: b.personCode,
    direccion: orBlank(b.address || null),
    telefono: b.phone,
    correo: b.email,
    banco: orBlank(b.bankName || null),
    cuenta_bancaria: orBlank(b.accountNumber || null),
    monto: orBlank(q && formatCents(q.amountCents)),
    monto_letras: orBlank(q && centsToWords(q.amountCents)),
    plazo_dias: orBlank(loan && String(loan.termDays)),
    numero_pagos: orBlank(q && String(q.payments.length)),
    periodo: orBlank(loan?.terms.periodType),
    proposito: orBlank(loan?.purposeTitle),
    tasa_anual: orBlank(loan && percentText(loan.terms.annualRateBp)),
    costo_anual_total: orBlank(loan && loan.annualCostPercent.toFixed(1)),
    intereses: orBlank(q && formatCents(q.interestCents)),
    gastos_administrativos: orBlank(q && formatCents(q.feesCents)),
    total_a_pagar: orBlank(q && formatCents(q.totalCents)),
    total_a_pagar_letras: orBlank(q && centsToWords(q.totalCents)),
    plan_de_pagos: q ? scheduleTable(q) : '',
    fecha: formatLongDate(ctx.date),
    ciudad: orBlank(ctx.city),
    marca: ctx.brand,
    recargo_mora: orBlank(loan && formatCents(loan.terms.lateFeeCents)),
    dias_gracia: orBlank(loan && daysText(loan.terms.graceDays)),
    tolerancia_mora: orBlank(loan && formatCents(loan.terms.arrearsToleranceCents)),
    tasa_moratoria_diaria: orBlank(
      loan && dailyDefaultRatePercent(percentOfBp(loan.terms.annualRateBp), loan.terms.periodType).toFixed(4),
    ),
    cuentas_de_pago: orBlank(collectionAccountsText(ctx.collectionAccounts) || null),
  };
}

/**
 * A loan document: the template's `{{placeholders}}` filled with the borrower's data and address,
 * the amounts (in figures and in lempiras in words), the instalment schedule as an HTML table, the
 * annual rate and annual total cost, the arrears terms (late fee, grace, tolerance, default
 * interest), the date, city and brand, and the collection accounts to pay into. Every value is HTML-escaped (the table is built
 * from escaped cells); a placeholder not in the list is left as it is. Pure: the same context and
 * template give the same HTML, which is what makes the stored evidence equal to the preview.
 */
export function renderLoanDocument(template: Pick<TemplateVersion, 'body'>, ctx: DocumentContext): string {
  const values = placeholderValues(ctx);
  return template.body.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name as LoanDocumentPlaceholder];
    return name === 'plan_de_pagos' ? value : escapeHtml(value);
  });
}

const joinName = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

/** The borrower's side of the documents, from the stored profile (names of places and bank included). */
export async function loadDocumentBorrower(db: DbOrTx, borrowerId: number): Promise<DocumentBorrower> {
  const state = await loadProfileState(db, borrowerId);
  const data = toProfileData(state);
  const labels = await profileLabels(db, data);
  const b = state.borrower;
  const address = [
    data.house,
    data.address_referece,
    labels.city ?? '',
    labels.county ?? '',
    labels.region ?? '',
  ]
    .map((part) => String(part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  return {
    fullName: joinName(b.firstName, b.secondName, b.firstSurname, b.secondSurname),
    personCode: b.personCode,
    address,
    phone: b.mobPhone,
    email: b.email,
    bankName: labels.bank ?? '',
    accountNumber: state.account?.accountNumber ?? '',
  };
}

/** A sample borrower and loan for an admin's template preview (nobody real). */
export const SAMPLE_BORROWER: DocumentBorrower = {
  fullName: 'KARLA PATRICIA MARTINEZ REYES',
  personCode: '0801199000011',
  address: 'Casa 12, bloque B, Frente a la pulpería, Colonia Kennedy, Distrito Central, Francisco Morazán',
  phone: '98765432',
  email: 'karla.martinez@example.com',
  bankName: 'Banco Atlántida',
  accountNumber: '31415926',
};
