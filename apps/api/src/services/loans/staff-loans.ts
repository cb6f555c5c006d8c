import {
  can,
  instalmentDueCents,
  LOAN_STATUS,
  LOAN_STATUS_LABELS,
  loanStatusLabel,
  offerExpiryDate,
} from '@prestamos-hn/domain';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  bankAccounts,
  borrowers,
  loanDocuments,
  loanPurposes,
  loans,
  products,
  staffAccounts,
} from '../../db/schema/index.ts';
import { readAuditTrail } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import { getBorrowerFile, maskAccountNumber } from '../borrower-file.ts';
import { getScheduleHistory } from '../shared/schedule-history.ts';
import { toStaffInstalment } from '../shared/staff-instalment.ts';
import { fullName, searchWhere } from '../shared/borrower-search.ts';
import { notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { debtCents } from './borrower-loans.ts';
import { signedContractPdfUrl } from './contract-pdf.ts';
import { listDisbursementReversals } from './disbursement-reversal.ts';
import { loanStaffMessages } from './messages.ts';
import { loadPayoutAccount, shownPayoutAccount } from './payout-account.ts';
import { sha256Hex } from './request-loan.ts';

export interface LoanListQuery {
  /** One of the SPEC's loan status codes; all when absent. */
  status?: number;
  /** The borrower's identity number, phone, e-mail or name (part of it), as the register searches. */
  q?: string;
  page: number;
  pageSize: number;
}

/**
 * The loans staff work on: one page, newest first (the oldest waiting first when filtered by
 * 0 Enviado, the analysts' queue), the total, and the count per status for the same search.
 */
export async function listLoans(deps: Pick<Deps, 'db' | 'clock'>, query: LoanListQuery) {
  const search = searchWhere(query.q);
  const where = and(search, query.status === undefined ? undefined : eq(loans.status, query.status));
  const oldestFirst = query.status === LOAN_STATUS.sent || query.status === LOAN_STATUS.taken;
  const rows = await deps.db
    .select({
      loan: loans,
      borrowerName: fullName,
      personCode: borrowers.personCode,
      mobPhone: borrowers.mobPhone,
      productName: products.name,
      purpose: loanPurposes.title,
    })
    .from(loans)
    .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
    .innerJoin(products, eq(products.id, loans.productId))
    .innerJoin(loanPurposes, eq(loanPurposes.id, loans.purposeId))
    .where(where)
    .orderBy(
      ...(oldestFirst ? [asc(loans.createdAt), asc(loans.id)] : [desc(loans.createdAt), desc(loans.id)]),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const countRows = await deps.db
    .select({ status: loans.status, n: count() })
    .from(loans)
    .innerJoin(borrowers, eq(borrowers.id, loans.borrowerId))
    .where(search)
    .groupBy(loans.status);
  const counts = Object.fromEntries(Object.keys(LOAN_STATUS_LABELS).map((code) => [code, 0])) as Record<
    string,
    number
  >;
  for (const row of countRows) counts[String(row.status)] = Number(row.n);
  const total =
    query.status === undefined
      ? Object.values(counts).reduce((sum, n) => sum + n, 0)
      : (counts[String(query.status)] ?? 0);
  const now = deps.clock.now().getTime();
  return {
    items: rows.map((r) => ({
      id: r.loan.id,
      borrowerId: r.loan.borrowerId,
      borrowerName: r.borrowerName,
      personCode: r.personCode,
      mobPhone: r.mobPhone,
      productId: r.loan.productId,
      productName: r.productName,
      periodType: r.loan.periodType,
      purpose: r.purpose,
      amountCents: r.loan.amountCents,
      totalCents: r.loan.totalCents,
      termDays: r.loan.termDays,
      payments: r.loan.payments,
      status: r.loan.status,
      statusLabel: loanStatusLabel(r.loan.status),
      requestCity: r.loan.requestCity,
      createdAt: r.loan.createdAt.toISOString(),
      waitingMinutes: Math.max(0, Math.floor((now - r.loan.createdAt.getTime()) / 60_000)),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/**
 * Everything staff see of one loan: the borrower (identity, profile state, census comparison,
 * references, bank account: the borrower file's own parts), the request (terms copied from the price
 * list, amount, term, purpose, where it was made), the stored quote, the accepted documents with
 * their evidence (and whether the stored HTML still matches its SHA-256), the instalments, who
 * decided what, a signed link to the PDF of the accepted documents, and (with `borrowers.audit`) the
 * loan's audit trail. The payout account is the one accepted with the contract (issue 31): the file
 * names it beside the profile's current one, and says when they differ (the disbursement still pays
 * the contract's). It also says whether the caller approved the loan (then they may not record its
 * disbursement) and lists the disbursements reversed.
 */
export async function getLoanFile(deps: Deps, staff: StaffMember, loanId: number) {
  const taker = alias(staffAccounts, 'taker');
  const decider = alias(staffAccounts, 'decider');
  const disburser = alias(staffAccounts, 'disburser');
  const [row] = Number.isSafeInteger(loanId)
    ? await deps.db
        .select({
          loan: loans,
          productName: products.name,
          purpose: loanPurposes.title,
          takenBy: taker.name,
          decidedBy: decider.name,
          disbursedBy: disburser.name,
        })
        .from(loans)
        .innerJoin(products, eq(products.id, loans.productId))
        .innerJoin(loanPurposes, eq(loanPurposes.id, loans.purposeId))
        .leftJoin(taker, eq(taker.id, loans.takenByStaffId))
        .leftJoin(decider, eq(decider.id, loans.decidedByStaffId))
        .leftJoin(disburser, eq(disburser.id, loans.disbursedByStaffId))
        .where(eq(loans.id, loanId))
        .limit(1)
    : [];
  if (!row) throw notFound(loanStaffMessages.loanNotFound);
  const { loan } = row;

  const file = await getBorrowerFile(deps, staff, loan.borrowerId);
  const withLocations = can(staff.role, 'borrowers.locations');
  // The accepted documents name the account the loan pays into: a role that does not pay into it
  // reads them with every account number of the borrower masked, and gets no PDF link.
  const withAccount = can(staff.role, 'borrowers.bank_account');
  const accountNumbers = withAccount
    ? []
    : (
        await deps.db
          .select({ n: bankAccounts.accountNumber })
          .from(bankAccounts)
          .where(eq(bankAccounts.borrowerId, loan.borrowerId))
      ).map((a) => a.n);
  const shown = (html: string) =>
    accountNumbers.reduce(
      (text, n) => (n.length > 4 ? text.replaceAll(n, maskAccountNumber(n)) : text),
      html,
    );
  const documents = await deps.db
    .select()
    .from(loanDocuments)
    .where(eq(loanDocuments.loanId, loan.id))
    .orderBy(asc(loanDocuments.id));
  const schedule = await getLoanSchedule(deps.db, loan.id);
  const scheduleHistory = await getScheduleHistory(deps.db, loan.id);
  const unpaid = schedule.reduce((sum, i) => sum + instalmentDueCents(i), 0);
  const audit = can(staff.role, 'borrowers.audit') ? await readAuditTrail(deps.db, 'loan', loan.id) : null;
  const payout = await loadPayoutAccount(deps.db, loan.payoutBankAccountId);

  return {
    loan: {
      id: loan.id,
      status: loan.status,
      statusLabel: loanStatusLabel(loan.status),
      productId: loan.productId,
      productName: row.productName,
      purposeId: loan.purposeId,
      purpose: row.purpose,
      amountCents: loan.amountCents,
      termDays: loan.termDays,
      payments: loan.payments,
      requestedOn: loan.requestedOn,
      createdAt: loan.createdAt.toISOString(),
      debtCents: debtCents(loan, unpaid),
      rejectionReason: loan.rejectionReason,
      takenBy: row.takenBy,
      takenAt: loan.takenAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
      decidedAt: loan.decidedAt?.toISOString() ?? null,
      approvedOn: loan.approvedOn,
      offerExpiresOn: offerExpiryDate(loan, deps.config.loans.offerExpiryDays),
      disbursedBy: row.disbursedBy,
      disbursedAt: loan.disbursedAt?.toISOString() ?? null,
      disbursedOn: loan.disbursedOn,
      disbursementReference: loan.disbursementReference,
      expiredAt: loan.expiredAt?.toISOString() ?? null,
      // A rejection after the approval (5 → 2) makes its rejecter the decider: not an approval.
      approvedByYou:
        loan.approvedOn !== null &&
        loan.status !== LOAN_STATUS.rejected &&
        loan.decidedByStaffId === staff.id,
    },
    /** The price-list terms as they were at request (a later price change does not touch them). */
    terms: {
      periodType: loan.periodType,
      annualRateBp: loan.annualRateBp,
      feeType: loan.feeType,
      feeValue: loan.feeValue,
      minAmountCents: loan.minAmountCents,
      maxAmountCents: loan.maxAmountCents,
      minDays: loan.minDays,
      maxDays: loan.maxDays,
      lateFeeCents: loan.lateFeeCents,
      graceDays: loan.graceDays,
      arrearsToleranceCents: loan.arrearsToleranceCents,
    },
    quote: { ...loan.quote, annualCostPercent: loan.annualCostPercent },
    request: {
      city: loan.requestCity,
      latitude: withLocations ? loan.requestLatitude : null,
      longitude: withLocations ? loan.requestLongitude : null,
      locatedAt: loan.requestLocationAt?.toISOString() ?? null,
      // The IP and device are location data too (issue 32 point 6): only with `borrowers.locations`.
      ip: withLocations ? loan.requestIp : null,
      userAgent: withLocations ? loan.requestUserAgent : null,
      sessionId: loan.requestSessionId,
    },
    borrower: file.borrower,
    profileState: file.state,
    profileStateLabel: file.stateLabel,
    census: file.census,
    references: file.references,
    bankAccount: {
      bank: file.profile.bank,
      bankName: file.labels.bank ?? null,
      accountNumber: file.profile.account_number,
    },
    payoutAccount: shownPayoutAccount(payout, staff),
    // The profile's account is another one (or none): a change after the request.
    payoutAccountDiffers: payout !== null && !payout.current,
    disbursementReversals: await listDisbursementReversals(deps.db, loan.id),
    documents: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      title: d.title,
      templateVersion: d.templateVersion,
      html: shown(d.html),
      sha256: d.sha256,
      /** The stored HTML still hashes to the stored SHA-256. */
      intact: sha256Hex(d.html) === d.sha256,
      acceptedAt: d.acceptedAt.toISOString(),
      ip: withLocations ? d.ip : null,
      userAgent: withLocations ? d.userAgent : null,
      sessionId: d.sessionId,
    })),
    contractPdfUrl: documents.length > 0 && withAccount ? signedContractPdfUrl(deps, loan.id) : null,
    instalments: schedule.map(toStaffInstalment),
    scheduleHistory,
    audit,
  };
}
