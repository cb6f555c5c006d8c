import { TEMPLATE_KINDS, type TemplateKind } from '@prestamos-hn/contract';
import { annualCostPercent, todayInTegucigalpa } from '@prestamos-hn/domain';
import { desc, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { DbOrTx } from '../../db/client.ts';
import { documentTemplateVersions, staffAccounts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { loadHolidays } from '../holidays.ts';
import { activeCollectionAccounts } from '../collection-accounts.ts';
import { PRIVACY_TERMS_KIND, PRIVACY_TERMS_PLACEHOLDERS, renderPrivacyTerms } from '../privacy-terms.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import {
  LOAN_DOCUMENT_KINDS,
  LOAN_DOCUMENT_PLACEHOLDERS,
  renderLoanDocument,
  SAMPLE_BORROWER,
  unknownPlaceholders,
  type LoanDocumentKind,
  type TemplateVersion,
} from './documents.ts';
import { loanStaffMessages } from './messages.ts';
import { quoteFor, type LoanTerms } from './terms.ts';

export function isLoanDocumentKind(kind: string): kind is LoanDocumentKind {
  return (LOAN_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

/** A template an admin edits: the loan documents and the privacy terms. */
function isTemplateKind(kind: string): kind is TemplateKind {
  return (TEMPLATE_KINDS as readonly string[]).includes(kind);
}

/** The placeholders a kind of template may use: the privacy terms know the brand only. */
const placeholdersOf = (kind: TemplateKind): readonly string[] =>
  kind === PRIVACY_TERMS_KIND ? PRIVACY_TERMS_PLACEHOLDERS : LOAN_DOCUMENT_PLACEHOLDERS;

/** The current (newest) version of any template. */
export async function currentTemplateOf(
  db: DbOrTx,
  kind: TemplateKind,
): Promise<{ version: number; title: string; body: string }> {
  const [row] = await db
    .select()
    .from(documentTemplateVersions)
    .where(eq(documentTemplateVersions.kind, kind))
    .orderBy(desc(documentTemplateVersions.version))
    .limit(1);
  if (!row) throw new Error(`no ${kind} template: the seed did not run`);
  return { version: row.version, title: row.title, body: row.body };
}

/** The current (newest) version of a loan document's template. */
export async function currentTemplate(db: DbOrTx, kind: LoanDocumentKind): Promise<TemplateVersion> {
  return { kind, ...(await currentTemplateOf(db, kind)) };
}

/**
 * What a template may contain: headings, paragraphs, emphasis, lists, tables and line breaks, with
 * no attributes at all. Scripts, styles, event attributes (`onclick`), links and `javascript:` URLs
 * are removed; the text and `{{placeholders}}` stay.
 */
const TEMPLATE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

/** A template body as it may be stored: only the allowed markup (see TEMPLATE_HTML). */
export function sanitizeTemplateBody(body: string): string {
  return sanitizeHtml(body, TEMPLATE_HTML);
}

const TITLE_MAX = 120;
const BODY_MAX = 100_000;

/** Checks and cleans an admin's template: a title, a body with known placeholders, sanitised. */
function cleanTemplateInput(
  kind: TemplateKind,
  input: { title: string; body: string },
): { title: string; body: string } {
  const title = input.title.trim();
  if (title === '' || title.length > TITLE_MAX) throw new UserError(loanStaffMessages.templateTitle);
  const body = sanitizeTemplateBody(input.body).trim();
  if (body === '' || body.length > BODY_MAX) throw new UserError(loanStaffMessages.templateBody);
  const unknown = unknownPlaceholders(body, placeholdersOf(kind));
  if (unknown.length > 0) {
    throw new UserError(loanStaffMessages.unknownPlaceholders(unknown), { placeholders: unknown });
  }
  return { title, body };
}

/** Every template with its current version and the history of versions (newest first). */
export async function listTemplates(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select({
      kind: documentTemplateVersions.kind,
      version: documentTemplateVersions.version,
      title: documentTemplateVersions.title,
      body: documentTemplateVersions.body,
      createdAt: documentTemplateVersions.createdAt,
      createdBy: staffAccounts.name,
    })
    .from(documentTemplateVersions)
    .leftJoin(staffAccounts, eq(staffAccounts.id, documentTemplateVersions.createdByStaffId))
    .orderBy(documentTemplateVersions.kind, desc(documentTemplateVersions.version));
  return {
    placeholders: [...LOAN_DOCUMENT_PLACEHOLDERS],
    items: TEMPLATE_KINDS.map((kind) => {
      const versions = rows
        .filter((r) => r.kind === kind)
        .map((r) => ({ ...r, kind, createdAt: r.createdAt.toISOString(), createdBy: r.createdBy ?? null }));
      return { kind, placeholders: [...placeholdersOf(kind)], current: versions[0] ?? null, versions };
    }),
  };
}

/**
 * An admin saves a template: the body is sanitised (no script, no event attribute, no link), its
 * placeholders must all be known, and it is stored as the next version (every version is kept; the
 * newest is current from now on, for requests not yet made). Audited as 'template.save'.
 */
export async function saveTemplateVersion(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  kind: string,
  input: { title: string; body: string },
): Promise<{ kind: TemplateKind; version: number; title: string; body: string }> {
  if (!isTemplateKind(kind)) throw notFound(loanStaffMessages.templateNotFound);
  const clean = cleanTemplateInput(kind, input);
  try {
    return await deps.db.transaction(async (tx) => {
      const [next] = await tx
        .select({ version: sql<number>`coalesce(max(${documentTemplateVersions.version}), 0) + 1` })
        .from(documentTemplateVersions)
        .where(eq(documentTemplateVersions.kind, kind));
      const version = Number(next!.version);
      await tx.insert(documentTemplateVersions).values({
        kind,
        version,
        ...clean,
        createdByStaffId: staff.id,
        createdAt: deps.clock.now(),
      });
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action: 'template.save',
        entity: 'template',
        entityId: kind,
        after: { version, title: clean.title },
      });
      return { kind, version, ...clean };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(loanStaffMessages.templateSavedMeanwhile);
    throw error;
  }
}

/**
 * The sample loan of template previews: L 1,000 over 90 days, monthly, 60 % a year, a 5 % fee, a
 * L 100 late fee after 1 day of grace, L 1 of tolerance.
 */
const SAMPLE_TERMS: LoanTerms = {
  productId: 0,
  periodType: 'mensual',
  annualRateBp: 6000,
  feeType: 'percent',
  feeValue: 500,
  minAmountCents: 100_000,
  maxAmountCents: 1_000_000,
  minDays: 30,
  maxDays: 90,
  lateFeeCents: 10_000,
  graceDays: 1,
  arrearsToleranceCents: 100,
};

/**
 * A template rendered for a sample borrower and loan, as an admin checks it before saving: the
 * given body (sanitised as it would be stored) or the current version.
 */
export async function previewTemplate(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { kind: string; title?: string; body?: string },
): Promise<{ kind: TemplateKind; title: string; html: string; unknownPlaceholders: string[] }> {
  if (input.kind === PRIVACY_TERMS_KIND) {
    const current = await currentTemplateOf(deps.db, PRIVACY_TERMS_KIND);
    const body = input.body === undefined ? current.body : sanitizeTemplateBody(input.body);
    return {
      kind: PRIVACY_TERMS_KIND,
      title: input.title?.trim() || current.title,
      html: renderPrivacyTerms(body, deps.config.brandName),
      unknownPlaceholders: unknownPlaceholders(body, PRIVACY_TERMS_PLACEHOLDERS),
    };
  }
  if (!isLoanDocumentKind(input.kind)) throw notFound(loanStaffMessages.templateNotFound);
  const current = await currentTemplate(deps.db, input.kind);
  const body = input.body === undefined ? current.body : sanitizeTemplateBody(input.body);
  const date = todayInTegucigalpa(deps.clock.now());
  const quote = quoteFor(SAMPLE_TERMS, 100_000, 90, date, await loadHolidays(deps.db, date));
  const html = renderLoanDocument(
    { body },
    {
      borrower: SAMPLE_BORROWER,
      loan: {
        terms: SAMPLE_TERMS,
        termDays: 90,
        purposeTitle: 'Capital de trabajo',
        quote,
        annualCostPercent: annualCostPercent(quote),
      },
      date,
      city: 'Tegucigalpa',
      brand: deps.config.brandName,
      collectionAccounts: await activeCollectionAccounts(deps.db),
    },
  );
  return {
    kind: input.kind,
    title: input.title?.trim() || current.title,
    html,
    unknownPlaceholders: unknownPlaceholders(body),
  };
}
