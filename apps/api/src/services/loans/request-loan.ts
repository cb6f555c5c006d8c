import { createHash } from 'node:crypto';
import { loanMessages, type DocumentPreview } from '@prestamos-hn/contract';
import {
  annualCostPercent,
  hasCompleteReferences,
  LOAN_STATUS,
  LOCATION_NOT_ALLOWED_MESSAGE,
  loanRequestBlockers,
  makeLoanRequestSchema,
  PROFILE_IN_VALIDATION_MESSAGE,
  todayInTegucigalpa,
  toCents,
  type IsoDate,
  type LoanQuote,
  type LoanRequestBlocker,
} from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loanDocuments, loanPurposes, loans } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { parseRowId } from '../shared/validation.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { loadHolidays } from '../holidays.ts';
import { getLastKnownLocation, type LastKnownLocation } from '../locations.ts';
import { notifyBorrower } from '../notifications.ts';
import { loadProfileState, toProfileData } from '../borrower-profile.ts';
import { activeCollectionAccounts } from '../collection-accounts.ts';
import { allowedProductIds } from './borrower-loans.ts';
import {
  loadDocumentBorrower,
  renderLoanDocument,
  type DocumentLoan,
  type LoanDocumentKind,
} from './documents.ts';
import { loanNotices } from './messages.ts';
import { currentTemplate } from './templates.ts';
import { loadProductTerms, quoteFor, requestLimits, type LoanTerms } from './terms.ts';

type Numeric = number | string;

/** The request as the wire sends it (postOffer.php), before any check. */
export interface LoanRequestInput {
  amount: Numeric;
  /** The term in days. */
  period: Numeric;
  purpose: Numeric;
  productId: Numeric;
  /**
   * The evidence of the previews the borrower read and accepted (the contract's `documentEvidence`):
   * each document's template version and the SHA-256 (hex, lowercase) of its HTML.
   */
  contractVersion: Numeric;
  contractSha256: string;
  promissoryNoteVersion: Numeric;
  promissoryNoteSha256: string;
}

const BLOCKER_MESSAGES: Record<LoanRequestBlocker, string> = {
  holyWeek: loanMessages.holyWeek,
  profileNotApproved: PROFILE_IN_VALIDATION_MESSAGE,
  locationNotAllowed: LOCATION_NOT_ALLOWED_MESSAGE,
  productNotAllowed: loanMessages.productNotAllowed,
  blockingOffer: loanMessages.blockingOffer,
  referencesIncomplete: loanMessages.referencesIncomplete,
};

/** A loan as its documents show it: terms, amount, term, purpose and the quote from `date`. */
interface RenderedLoan {
  terms: LoanTerms;
  amountCents: number;
  termDays: number;
  purposeId: number | null;
  doc: DocumentLoan;
}

/**
 * Checks amount, term and purpose against the product's terms with the domain's request schema
 * (SPEC section 5's messages) and quotes it from `date`. The product must exist and be offered.
 */
async function checkAndQuote(
  db: DbOrTx,
  input: { amount: Numeric; period: Numeric; purpose?: Numeric; productId: Numeric },
  date: IsoDate,
): Promise<RenderedLoan> {
  const productId = parseRowId(input.productId);
  const terms = productId === null ? null : await loadProductTerms(db, productId);
  if (!terms || !terms.active) throw new UserError(loanMessages.productNotAllowed);
  // A preview may come before the purpose is chosen; postOffer always sends one.
  const schema = makeLoanRequestSchema(requestLimits(terms));
  const parsed = (input.purpose === undefined ? schema.omit({ purpose: true }) : schema).safeParse(input);
  if (!parsed.success) {
    throw new UserError(parsed.error.issues[0]?.message ?? loanMessages.productNotAllowed, {
      field: parsed.error.issues[0]?.path.map(String).join('.') ?? '',
    });
  }
  let purposeId: number | null = null;
  let purposeTitle: string | null = null;
  if (input.purpose !== undefined) {
    purposeId = parseRowId(input.purpose);
    const [purpose] =
      purposeId === null
        ? []
        : await db
            .select({ title: loanPurposes.title })
            .from(loanPurposes)
            .where(and(eq(loanPurposes.id, purposeId), eq(loanPurposes.active, true)))
            .limit(1);
    if (!purpose) throw new UserError(loanMessages.purposeUnknown, { field: 'purpose' });
    purposeTitle = purpose.title;
  }
  // The request's lempiras become centavos here, once; the quote, the documents and the row use them.
  const amountCents = toCents(parsed.data.amount);
  const quote = quoteFor(terms, amountCents, parsed.data.period, date, await loadHolidays(db, date));
  return {
    terms,
    amountCents,
    termDays: parsed.data.period,
    purposeId,
    doc: {
      terms,
      termDays: parsed.data.period,
      purposeTitle,
      quote,
      annualCostPercent: annualCostPercent(quote),
    },
  };
}

/**
 * Both documents rendered for a borrower and, when given, a loan, dated `date` and signed in the
 * city of the borrower's last known location: the one function behind the previews and the stored
 * evidence, so that what was shown is what is stored.
 */
async function renderDocuments(
  deps: Pick<Deps, 'db' | 'config'>,
  borrowerId: number,
  loan: DocumentLoan | null,
  date: IsoDate,
  location: LastKnownLocation | null,
) {
  const borrower = await loadDocumentBorrower(deps.db, borrowerId);
  const ctx = {
    borrower,
    loan,
    date,
    city: location?.city ?? null,
    brand: deps.config.brandName,
    collectionAccounts: await activeCollectionAccounts(deps.db),
  };
  const render = async (kind: LoanDocumentKind) => {
    const template = await currentTemplate(deps.db, kind);
    return {
      kind,
      version: template.version,
      title: template.title,
      html: renderLoanDocument(template, ctx),
    };
  };
  return { contract: await render('contract'), promissory_note: await render('promissory_note') };
}

/**
 * get_contractPre.php and get_pagarePre.php: the contract or the promissory note rendered for the
 * caller and the request being filled in (amount, term, product and purpose); without amount, term
 * and product, with blanks for the loan's numbers. The same rendering postOffer stores.
 */
export async function previewLoanDocument(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  borrowerId: number,
  kind: LoanDocumentKind,
  input: { amount?: Numeric; period?: Numeric; productId?: Numeric; purpose?: Numeric },
): Promise<DocumentPreview> {
  const date = todayInTegucigalpa(deps.clock.now());
  const { amount, period, productId } = input;
  const hasLoan = amount !== undefined || period !== undefined || productId !== undefined;
  const loan = hasLoan
    ? await checkAndQuote(
        deps.db,
        {
          amount: amount ?? '',
          period: period ?? '',
          productId: productId ?? '',
          ...(input.purpose !== undefined ? { purpose: input.purpose } : {}),
        },
        date,
      )
    : null;
  const location = await getLastKnownLocation(deps, borrowerId);
  const docs = await renderDocuments(deps, borrowerId, loan?.doc ?? null, date, location);
  const doc = docs[kind];
  return { document_template: doc.html, title: doc.title, version: doc.version };
}

/**
 * getFacturaPre.php (issue 35, point 2): the quote of the request being filled in and its annual
 * cost, from the same check and quote as the documents and postOffer (`checkAndQuote`, today's
 * Tegucigalpa date, the product's terms and the holiday calendar): what the request would store.
 * The quote depends on the product, amount, term and date only, not on who asks.
 */
export async function previewLoanQuote(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { amount: Numeric; period: Numeric; productId: Numeric },
): Promise<{ quote: LoanQuote; annualCostPercent: number }> {
  const loan = await checkAndQuote(
    deps.db,
    { amount: input.amount, period: input.period, productId: input.productId },
    todayInTegucigalpa(deps.clock.now()),
  );
  return { quote: loan.doc.quote, annualCostPercent: loan.doc.annualCostPercent };
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * postOffer.php: a borrower requests a loan. Every rule is checked again on the server: not in Holy
 * Week (Tegucigalpa date), an approved profile, the last known location in an allowed city, an
 * allowed active product, no blocking loan (the server's list, `REQUEST_BLOCKING_LOAN_STATUSES`:
 * the SPEC's 0, 1, 3, 5, 8 and the collections stages 9-11, decision 014), complete references, a current bank account, the amount
 * and term within the product's price list (SPEC section 5's messages), a known purpose, and the
 * documents unchanged since the borrower read them: the versions and SHA-256 the request carries
 * equal to those of the documents rendered now for it (issue 32 point 7; missing or ill-formed
 * evidence is refused with the same message by the contract's schema). Each refusal is ER with its
 * Spanish message and writes nothing.
 *
 * Then, in one transaction: the loan (status 0 Enviado) with a snapshot of the price-list terms,
 * the quote computed once from the request's Tegucigalpa date, where the request came from, and the
 * payout account: the current bank account the contract names, which the disbursement pays
 * whatever the profile says later (issue 31). The profile row is locked first, as a bank-account
 * change locks it: an account changed since the documents were rendered refuses the request
 * (documentsChanged: the contract named the old one), and a change after it finds the new request
 * and is refused (isBankAccountLocked);
 * both documents exactly as previewed (their SHA-256 the ones the request sent), with their
 * template version, time, IP, user agent and session; an audit row; and the borrower's notification. One blocking loan per borrower is a
 * unique index: of simultaneous requests one wins, the others get the blocking-offer message.
 */
export async function requestLoan(
  deps: Deps,
  input: {
    borrowerId: number;
    sessionId: number;
    ip: string;
    userAgent: string | undefined;
    request: LoanRequestInput;
  },
): Promise<{ message: string; container_id: number }> {
  const { borrowerId, request } = input;
  const now = deps.clock.now();
  const date = todayInTegucigalpa(now);

  const state = await loadProfileState(deps.db, borrowerId);
  const location = await getLastKnownLocation(deps, borrowerId);
  const existing = await deps.db
    .select({ status: loans.status })
    .from(loans)
    .where(eq(loans.borrowerId, borrowerId));
  const [blocker] = loanRequestBlockers({
    now,
    profileStatus: state.profile.status,
    city: location?.city ?? null,
    productId: request.productId,
    allowedProductIds: await allowedProductIds(deps.db, borrowerId),
    offers: existing,
    hasCompleteReferences: hasCompleteReferences(toProfileData(state)),
  });
  if (blocker) throw new UserError(BLOCKER_MESSAGES[blocker]);
  if (!state.account) throw new UserError(loanMessages.noBankAccount);

  const loan = await checkAndQuote(deps.db, request, date);
  const rendered = await renderDocuments(deps, borrowerId, loan.doc, date, location);
  // Each document's SHA-256, once: compared with the request's evidence below, then stored.
  const docs = {
    contract: { ...rendered.contract, sha256: sha256Hex(rendered.contract.html) },
    promissory_note: { ...rendered.promissory_note, sha256: sha256Hex(rendered.promissory_note.html) },
  };
  // What would be stored must be what was read: the same template versions and, byte for byte, the
  // same HTML (a template saved since, another amount or term, another day or account all differ).
  for (const [seen, doc] of [
    [{ version: request.contractVersion, sha256: request.contractSha256 }, docs.contract],
    [{ version: request.promissoryNoteVersion, sha256: request.promissoryNoteSha256 }, docs.promissory_note],
  ] as const) {
    if (String(seen.version).trim() !== String(doc.version) || seen.sha256 !== doc.sha256) {
      throw new UserError(loanMessages.documentsChanged);
    }
  }

  const { terms, doc } = loan;
  const userAgent = input.userAgent?.slice(0, 300) ?? null;
  try {
    return await deps.db.transaction(async (tx) => {
      // The account the documents named: a change since the first read would make them disagree.
      const locked = await loadProfileState(tx, borrowerId, { forUpdate: true });
      if (locked.account?.id !== state.account?.id) throw new UserError(loanMessages.documentsChanged);
      const [row] = await tx
        .insert(loans)
        .values({
          borrowerId,
          productId: terms.productId,
          periodType: terms.periodType,
          annualRateBp: terms.annualRateBp,
          feeType: terms.feeType,
          feeValue: terms.feeValue,
          minAmountCents: terms.minAmountCents,
          maxAmountCents: terms.maxAmountCents,
          minDays: terms.minDays,
          maxDays: terms.maxDays,
          lateFeeCents: terms.lateFeeCents,
          graceDays: terms.graceDays,
          arrearsToleranceCents: terms.arrearsToleranceCents,
          amountCents: loan.amountCents,
          termDays: loan.termDays,
          payments: doc.quote.payments.length,
          purposeId: loan.purposeId!,
          status: LOAN_STATUS.sent,
          requestedOn: date,
          quote: doc.quote,
          totalCents: doc.quote.totalCents,
          annualCostPercent: doc.annualCostPercent,
          requestCity: location?.city ?? null,
          requestLatitude: location?.latitude ?? null,
          requestLongitude: location?.longitude ?? null,
          requestLocationAt: location?.at ?? null,
          requestIp: input.ip,
          requestUserAgent: userAgent,
          requestSessionId: input.sessionId,
          payoutBankAccountId: locked.account!.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: loans.id });
      const loanId = row!.id;
      await tx.insert(loanDocuments).values(
        [docs.contract, docs.promissory_note].map((doc) => ({
          loanId,
          kind: doc.kind,
          templateVersion: doc.version,
          title: doc.title,
          html: doc.html,
          sha256: doc.sha256,
          acceptedAt: now,
          ip: input.ip,
          userAgent,
          sessionId: input.sessionId,
        })),
      );
      await writeAudit(deps, tx, {
        actor: { type: 'borrower', id: borrowerId },
        action: 'loan.request',
        entity: 'loan',
        entityId: loanId,
        after: {
          status: LOAN_STATUS.sent,
          borrowerId,
          productId: terms.productId,
          amountCents: loan.amountCents,
          termDays: loan.termDays,
          purposeId: loan.purposeId,
          totalCents: doc.quote.totalCents,
          city: location?.city ?? null,
          contractVersion: docs.contract.version,
          promissoryNoteVersion: docs.promissory_note.version,
          payoutBankAccountId: locked.account!.id,
        },
      });
      await notifyBorrower(deps, tx, { borrowerId, ...loanNotices.requested(loan.amountCents) });
      return { message: loanMessages.requestSent, container_id: loanId };
    });
  } catch (error) {
    // Another request of this borrower won the one-blocking-loan index in the meantime.
    if (isUniqueViolation(error)) throw new UserError(loanMessages.blockingOffer);
    throw error;
  }
}
