import { loanMessages, type CustomerOfferList, type LoanItem } from '@prestamos-hn/contract';
import {
  fromCents,
  instalmentDueCents,
  isProfileApproved,
  LOAN_STATUS,
  type Instalment,
  type LoanProductOffer,
  type LoanQuote,
  type Period,
} from '@prestamos-hn/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instalments, liveInstalment, loanDocuments, loans, profiles } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import type { SessionRead } from '../sessions.ts';
import { loadOwnLoan } from '../shared/own-loan.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import { signedContractPdfUrl } from './contract-pdf.ts';
import { signedPlanPdfUrl } from './final-plan.ts';
import { listActiveProductTerms, percentOfBp, toLoanProduct } from './terms.ts';

/**
 * The products a borrower may request now (`Products_r`): every active product, for an approved
 * profile; none before approval. (Rules per borrower, such as a first loan's smaller product, would
 * go here.)
 */
export async function allowedProductIds(db: DbOrTx, borrowerId: number): Promise<number[]> {
  const [profile] = await db
    .select({ status: profiles.status })
    .from(profiles)
    .where(eq(profiles.borrowerId, borrowerId))
    .limit(1);
  if (!profile || !isProfileApproved(profile.status)) return [];
  return (await listActiveProductTerms(db)).map((p) => p.product.id);
}

/**
 * getApplicationProfilev2.php: the active products with their price lists, and those allowed for the
 * caller (centavos; the handler maps them to the wire).
 */
export async function getApplicationProfile(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
): Promise<LoanProductOffer> {
  const active = await listActiveProductTerms(deps.db);
  return {
    products: active.map(({ product, terms }) => toLoanProduct(product, terms)),
    allowedProductIds: await allowedProductIds(deps.db, borrowerId),
  };
}

/** The still-unpaid total of each disbursed loan's schedule, in centavos. */
async function unpaidScheduleCents(db: DbOrTx, loanIds: number[]): Promise<Map<number, number>> {
  const owed = new Map<number, number>();
  if (loanIds.length === 0) return owed;
  const rows = await db
    .select()
    .from(instalments)
    .where(and(inArray(instalments.loanId, loanIds), liveInstalment));
  for (const r of rows) owed.set(r.loanId, (owed.get(r.loanId) ?? 0) + instalmentDueCents(r));
  return owed;
}

/** Statuses after which nothing is owed without a disbursement (rejected, expired). */
const CLOSED_UNDISBURSED: readonly number[] = [LOAN_STATUS.rejected, LOAN_STATUS.expired];

/**
 * What is still to pay on a loan, in centavos: the quote's total until the disbursement, then the
 * schedule's unpaid total; nothing for a request that was rejected or expired.
 */
export function debtCents(
  loan: Pick<typeof loans.$inferSelect, 'status' | 'totalCents' | 'disbursedOn'>,
  unpaid: number | undefined,
): number {
  if (loan.disbursedOn !== null) return unpaid ?? 0;
  return CLOSED_UNDISBURSED.includes(loan.status) ? 0 : loan.totalCents;
}

/**
 * getCustomerOfferList.php: the caller's own loans, newest first, keyed by id. `contract_content`
 * is the contract HTML the borrower accepted, as stored (never rendered again),
 * `contract_pdf_url` a signed link to its PDF, and `plan_pdf_url`, once disbursed, a signed link to
 * the final plan (final-plan.ts). Only the caller's own loans are listed, so only their owner gets
 * either link.
 */
export async function listBorrowerLoans(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  borrowerId: number,
): Promise<CustomerOfferList> {
  const rows = await deps.db
    .select()
    .from(loans)
    .where(eq(loans.borrowerId, borrowerId))
    .orderBy(desc(loans.createdAt), desc(loans.id));
  const ids = rows.map((r) => r.id);
  const contracts = ids.length
    ? await deps.db
        .select({ loanId: loanDocuments.loanId, html: loanDocuments.html })
        .from(loanDocuments)
        .where(and(inArray(loanDocuments.loanId, ids), eq(loanDocuments.kind, 'contract')))
    : [];
  const contractOf = new Map(contracts.map((c) => [c.loanId, c.html]));
  const unpaid = await unpaidScheduleCents(
    deps.db,
    rows.filter((r) => r.disbursedOn !== null).map((r) => r.id),
  );

  const items: [string, LoanItem][] = rows.map((r) => [
    String(r.id),
    {
      container_id: r.id,
      status: r.status,
      product_id: r.productId,
      debt: fromCents(debtCents(r, unpaid.get(r.id))),
      amount_limit: fromCents(r.amountCents),
      created: r.createdAt.toISOString(),
      contract_content: contractOf.get(r.id) ?? null,
      interest: percentOfBp(r.annualRateBp),
      period_type: r.periodType as Period,
      term_days: r.termDays,
      payments: r.payments,
      rejection_reason: r.status === LOAN_STATUS.rejected ? r.rejectionReason : null,
      contract_pdf_url: contractOf.has(r.id) ? signedContractPdfUrl(deps, r.id) : null,
      plan_pdf_url: r.disbursedOn !== null ? signedPlanPdfUrl(deps, r.id) : null,
    },
  ]);
  return { status: rows[0]?.status ?? null, loans: Object.fromEntries(items) };
}

/** getFactura.php: the stored quote of the caller's newest request (centavos; the handler maps it to the wire). */
export async function getNewestQuote(deps: Pick<Deps, 'db'>, borrowerId: number): Promise<LoanQuote> {
  const [row] = await deps.db
    .select({ quote: loans.quote })
    .from(loans)
    .where(eq(loans.borrowerId, borrowerId))
    .orderBy(desc(loans.createdAt), desc(loans.id))
    .limit(1);
  if (!row) throw new UserError(loanMessages.noInvoice);
  return row.quote;
}

/**
 * getBorrowerRepaymentSchedule.php: the instalments of one of the caller's own loans, in order
 * (centavos; the handler maps them to the wire). Another borrower's loan and an unknown one are
 * refused alike ('No encontramos ese préstamo.').
 */
export async function getRepaymentSchedule(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  containerId: number | string,
): Promise<Instalment[]> {
  const loan = await loadOwnLoan(deps, borrowerId, containerId);
  return getLoanSchedule(deps.db, loan.id);
}

/**
 * getRepaymentSchedule mapped to the wire (toWireInstalment) as the read of the session's own
 * statement (resolveSessionWith), for getBorrowerRepaymentSchedule.php: the loan `loanId` (a
 * placeholder, a parsed row id) if it is the session borrower's, with its live instalments in order as
 * the JSON text of the wire's list, written by the database (row_to_json, compact; lempiras as the
 * centavos over 100 in double precision, the division and the shortest digits JavaScript's are), in
 * the same statement as the session check; null for another borrower's loan or an unknown one. A test
 * holds the text byte for byte to JSON.stringify of getRepaymentSchedule's rows mapped by
 * toWireInstalment.
 */
export const ownLoanWireSchedule: SessionRead<string | null> = {
  name: 'session_own_loan_wire_schedule',
  value: sql<
    string | null
  >`(select coalesce((select '[' || string_agg(row_to_json(w)::text, ',' order by i.position) || ']' from instalments i, lateral (select i.id as id, i.loan_id as container_id, i.position as schedule_position, i.due_date as schedule_date, i.status as status, i.charge_cents::float8 / 100 as charge, i.charge_covered_cents::float8 / 100 as charge_covered, i.administrator_fee_cents::float8 / 100 as administrator_fee, i.administrator_fee_covered_cents::float8 / 100 as administrator_fee_covered, i.amount_cents::float8 / 100 as amount, i.amount_covered_cents::float8 / 100 as amount_covered, i.late_fee_cents::float8 / 100 as late_fee, i.late_fee_covered_cents::float8 / 100 as late_fee_covered, i.penalty_fee_cents::float8 / 100 as penalty_fee, i.penalty_covered_cents::float8 / 100 as penalty_covered) w where i.loan_id = l.id and i.voided_at is null), '[]') from loans l where l.id = ${sql.placeholder('loanId')} and l.borrower_id = ${sql.raw('"sessions"."borrower_id"')})`,
};
