import {
  APPROVER_CANNOT_DISBURSE_MESSAGE,
  formatLongDate,
  holidaySet,
  instalmentDueDate,
  isIsoDate,
  LOAN_STATUS,
  loanStatusAfterRun,
  loanStatusLabel,
  mayDisburseExpiredLoan,
  mayRecordDisbursement,
  offerExpiryDate,
  periodDays,
  REQUEST_BLOCKING_LOAN_STATUSES,
  scheduleStatuses,
  todayInTegucigalpa,
  type IsoDate,
  type Period,
} from '@prestamos-hn/domain';
import { postJournal } from '../accounting/post-journal.ts';
import { carryCreditToLoan } from './credit-carry.ts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { instalments, loans } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { loadHolidays } from '../holidays.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import { notifyBorrower } from '../notifications.ts';
import { activeCollectionAccounts, shortAccountText } from '../collection-accounts.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { loanNotices, loanStaffMessages } from './messages.ts';
import { auditedPayoutAccount, loadPayoutAccount, shownPayoutAccount } from './payout-account.ts';
import { readStaffReason } from '../shared/validation.ts';

/** An analyst's decision on a request: take it (0→1), approve it (0|1→5) or reject it (0|1|5→2). */
export type LoanDecision =
  { decision: 'take' } | { decision: 'approve' } | { decision: 'reject'; reason: string };

/** From which statuses each decision may be made, and the status it leads to. */
export const LOAN_TRANSITIONS = {
  take: { from: [LOAN_STATUS.sent], to: LOAN_STATUS.taken },
  approve: { from: [LOAN_STATUS.sent, LOAN_STATUS.taken], to: LOAN_STATUS.approved },
  reject: { from: [LOAN_STATUS.sent, LOAN_STATUS.taken, LOAN_STATUS.approved], to: LOAN_STATUS.rejected },
} as const satisfies Record<LoanDecision['decision'], { from: readonly number[]; to: number }>;

const AUDIT_ACTIONS = { take: 'loan.take', approve: 'loan.approve', reject: 'loan.reject' } as const;
/** Statuses a decision leads to: finding one of them means another analyst got there first. */
const DECIDED_STATUSES: readonly number[] = [LOAN_STATUS.taken, LOAN_STATUS.rejected, LOAN_STATUS.approved];

type LoanRow = typeof loans.$inferSelect;
/** What an audit row records of a loan before and after a change. */
export const loanSnapshot = (l: LoanRow) => ({
  status: l.status,
  takenByStaffId: l.takenByStaffId,
  decidedByStaffId: l.decidedByStaffId,
  rejectionReason: l.rejectionReason,
  approvedOn: l.approvedOn,
  disbursedOn: l.disbursedOn,
  disbursementReference: l.disbursementReference,
});

async function loadLoan(deps: Pick<Deps, 'db'>, loanId: number): Promise<LoanRow> {
  const [loan] = Number.isSafeInteger(loanId)
    ? await deps.db.select().from(loans).where(eq(loans.id, loanId)).limit(1)
    : [];
  if (!loan) throw notFound(loanStaffMessages.loanNotFound);
  return loan;
}

function refuseTransition(status: number): never {
  throw conflict(
    DECIDED_STATUSES.includes(status)
      ? loanStaffMessages.otherAnalystDecided
      : loanStaffMessages.notDecidable(loanStatusLabel(status)),
  );
}

/**
 * An analyst's decision on a loan request, in one transaction. The UPDATE is conditional on the
 * status the analyst saw (`WHERE status = <read>`), so of two simultaneous decisions exactly one
 * changes the loan; the other gets 409 'Otro analista ya decidió sobre esta solicitud.' and writes
 * nothing. The winner's audit row (before/after) and the borrower's notification and SMS are written
 * in the same transaction. A rejection's reason is what the borrower reads (getCustomerOfferList).
 * An approval keeps its Tegucigalpa date (`approved_on`): the approved offer expires
 * OFFER_EXPIRY_DAYS after it (decision 014).
 */
export async function decideLoan(deps: Deps, staff: StaffMember, loanId: number, input: LoanDecision) {
  let reason: string | null = null;
  if (input.decision === 'reject') {
    reason = readStaffReason(input.reason, {
      required: loanStaffMessages.reasonRequired,
      tooLong: loanStaffMessages.reasonTooLong,
    });
  }
  const before = await loadLoan(deps, loanId);
  const transition = LOAN_TRANSITIONS[input.decision];
  if (!(transition.from as readonly number[]).includes(before.status)) refuseTransition(before.status);

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const changes =
      input.decision === 'take'
        ? { status: transition.to, takenByStaffId: staff.id, takenAt: now, updatedAt: now }
        : {
            status: transition.to,
            decidedByStaffId: staff.id,
            decidedAt: now,
            rejectionReason: reason,
            ...(input.decision === 'approve' ? { approvedOn: todayInTegucigalpa(now) } : {}),
            updatedAt: now,
          };
    const [after] = await tx
      .update(loans)
      .set(changes)
      .where(and(eq(loans.id, loanId), eq(loans.status, before.status)))
      .returning();
    if (!after) throw conflict(loanStaffMessages.otherAnalystDecided);

    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: AUDIT_ACTIONS[input.decision],
      entity: 'loan',
      entityId: loanId,
      before: loanSnapshot(before),
      after: loanSnapshot(after),
    });
    const notice =
      input.decision === 'take'
        ? loanNotices.taken(after.amountCents)
        : input.decision === 'approve'
          ? loanNotices.approved(after.amountCents)
          : loanNotices.rejected(after.amountCents, reason!);
    await notifyBorrower(deps, tx, { borrowerId: after.borrowerId, ...notice, channel: 'sms' });

    return {
      id: after.id,
      decision: input.decision,
      status: after.status,
      statusLabel: loanStatusLabel(after.status),
      rejectionReason: after.rejectionReason,
      decidedAt: now.toISOString(),
    };
  });
}

export interface DisbursementInput {
  /** The day the money was sent, YYYY-MM-DD (Tegucigalpa). */
  disbursedOn: string;
  /** The bank transfer's reference. */
  reference: string;
}

/**
 * The instalments of a loan disbursed on `disbursedOn`: the stored quote's rows, instalment k due k
 * periods later (on a day off, the next working day: `holidays` is the calendar), each with its status on `businessDate` (the domain's `scheduleStatuses`: the first
 * is 5 Pago Actual, the next 2 Pago próximo; a disbursement recorded late may already have some late).
 */
export function scheduleFromQuote(
  loan: Pick<LoanRow, 'id' | 'quote' | 'periodType'>,
  disbursedOn: string,
  businessDate: string,
  holidays: ReadonlySet<IsoDate>,
) {
  const days = periodDays(loan.periodType as Period);
  const rows = loan.quote.payments.map((p, index) => ({
    loanId: loan.id,
    position: index + 1,
    dueDate: instalmentDueDate(disbursedOn, days, index + 1, holidays),
    chargeCents: p.interestCents,
    administratorFeeCents: p.feeCents,
    amountCents: p.principalCents,
  }));
  const statuses = scheduleStatuses(
    businessDate,
    rows.map((r) => ({
      ...r,
      chargeCoveredCents: 0,
      administratorFeeCoveredCents: 0,
      amountCoveredCents: 0,
      lateFeeCents: 0,
      lateFeeCoveredCents: 0,
      penaltyFeeCents: 0,
      penaltyCoveredCents: 0,
    })),
  );
  return rows.map((r, index) => ({ ...r, status: statuses[index]! }));
}

/**
 * What a recorded disbursement answers: the loan, the transfer, the account the money was sent to
 * (the payout account accepted with the contract, masked as the role reads it) and the schedule.
 */
async function disbursementResult(deps: Pick<Deps, 'db'>, staff: StaffMember, loan: LoanRow) {
  const schedule = await getLoanSchedule(deps.db, loan.id);
  return {
    id: loan.id,
    status: loan.status,
    statusLabel: loanStatusLabel(loan.status),
    disbursedOn: loan.disbursedOn!,
    reference: loan.disbursementReference!,
    payoutAccount: shownPayoutAccount(await loadPayoutAccount(deps.db, loan.payoutBankAccountId), staff),
    instalments: schedule.map((i) => ({
      id: i.id,
      position: i.position,
      dueDate: i.dueDate,
      chargeCents: i.chargeCents,
      administratorFeeCents: i.administratorFeeCents,
      amountCents: i.amountCents,
      status: i.status,
    })),
  };
}

/** The same disbursement again (a retried request): the loan already shows it. */
const isSameDisbursement = (loan: LoanRow, disbursedOn: string, reference: string) =>
  loan.disbursedOn === disbursedOn && loan.disbursementReference === reference;

/**
 * A cashier records that an approved loan's money was sent: 5 Reunido → 3 Pagando, and the
 * instalment schedule is made from the stored quote with due dates counted from `disbursedOn`. The
 * money goes to the loan's payout account, the one accepted with the contract (issue 31), whatever
 * the profile's current account says: the answer and the audit row name it. The person who approved
 * the loan may not record it (409: a second pair of eyes on the money going out). One
 * transaction with the audit row and the borrower's notification and SMS. Idempotent: the same
 * disbursement (date and reference) recorded twice, even at once, makes one schedule and answers
 * the same; a different one for a disbursed loan is 409. The UPDATE is conditional on the status
 * read and (loan, position) is unique, so no second schedule can be written.
 *
 * An approved loan that expired (7) before its disbursement was recorded is disbursed the same way
 * (7 → 3, audit action 'loan.disburse_expired' with its expiry date) when the money went out on or
 * before its expiry date (the domain's `mayDisburseExpiredLoan`, decision 014); otherwise it is
 * refused as any loan not approved. Back in 3 it blocks requests again, so a borrower who asked
 * for another loan since is refused here (409) until that request is rejected.
 */
export async function recordDisbursement(
  deps: Deps,
  staff: StaffMember,
  loanId: number,
  input: DisbursementInput,
) {
  const disbursedOn = input.disbursedOn.trim();
  const reference = input.reference.trim();
  if (!isIsoDate(disbursedOn))
    throw new UserError(loanStaffMessages.disbursementDate, { field: 'disbursedOn' });
  if (disbursedOn > todayInTegucigalpa(deps.clock.now())) {
    throw new UserError(loanStaffMessages.disbursementInFuture, { field: 'disbursedOn' });
  }
  if (reference === '') throw new UserError(loanStaffMessages.referenceRequired, { field: 'reference' });
  if (reference.length > 100) throw new UserError(loanStaffMessages.referenceTooLong, { field: 'reference' });

  const before = await loadLoan(deps, loanId);
  if (!mayRecordDisbursement(before, staff.id)) throw conflict(APPROVER_CANNOT_DISBURSE_MESSAGE);
  if (before.disbursedOn !== null) {
    if (isSameDisbursement(before, disbursedOn, reference)) return disbursementResult(deps, staff, before);
    throw conflict(loanStaffMessages.alreadyDisbursed);
  }
  const expiryDays = deps.config.loans.offerExpiryDays;
  const afterExpiry = mayDisburseExpiredLoan(before, disbursedOn, expiryDays);
  if (before.status !== LOAN_STATUS.approved && !afterExpiry)
    throw conflict(loanStaffMessages.notApproved(loanStatusLabel(before.status)));
  if (disbursedOn < before.requestedOn) {
    throw new UserError(loanStaffMessages.disbursementBeforeRequest, { field: 'disbursedOn' });
  }
  if (afterExpiry) await refuseIfAnotherBlockingLoan(deps, before);
  const holidays = holidaySet(await loadHolidays(deps.db, disbursedOn));
  const payoutAccount = await loadPayoutAccount(deps.db, before.payoutBankAccountId);
  // Where the borrower pays: the SMS names the active collection accounts (issue 35, point 1).
  const payTo = await activeCollectionAccounts(deps.db);

  try {
    const after = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const schedule = scheduleFromQuote(before, disbursedOn, todayInTegucigalpa(now), holidays);
      // 3 Pagando, or 8 Atrasado at once when recorded so late that an instalment is already past due.
      const status = loanStatusAfterRun(
        LOAN_STATUS.paying,
        schedule.map((i) => i.status),
      );
      const [updated] = await tx
        .update(loans)
        .set({
          status,
          disbursedByStaffId: staff.id,
          disbursedAt: now,
          disbursedOn,
          disbursementReference: reference,
          updatedAt: now,
        })
        .where(and(eq(loans.id, loanId), eq(loans.status, before.status)))
        .returning();
      if (!updated) return null;
      await tx.insert(instalments).values(schedule.map((i) => ({ ...i, createdAt: now, updatedAt: now })));
      const creditCarriedCents = await carryCreditToLoan(tx, updated, disbursedOn, now);

      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action: afterExpiry ? 'loan.disburse_expired' : 'loan.disburse',
        entity: 'loan',
        entityId: loanId,
        before: loanSnapshot(before),
        after: {
          ...loanSnapshot(updated),
          instalments: schedule.length,
          creditCarriedCents,
          // Where the money went: the account accepted with the contract.
          payoutAccount: auditedPayoutAccount(payoutAccount),
          // Why an expired loan could still be disbursed: the money went out by its expiry date.
          ...(afterExpiry ? { offerExpiresOn: offerExpiryDate(before, expiryDays), expiryDays } : {}),
        },
      });
      const first = updated.quote.payments[0]!;
      await notifyBorrower(deps, tx, {
        borrowerId: updated.borrowerId,
        ...loanNotices.disbursed(
          updated.amountCents,
          reference,
          formatLongDate(schedule[0]!.dueDate),
          first.totalCents,
          { loanId, accounts: payTo.map(shortAccountText) },
        ),
        channel: 'sms',
      });
      await postJournal(deps, tx, loanId);
      return updated;
    });
    if (after) return await disbursementResult(deps, staff, after);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Someone changed the loan in between: the same disbursement is answered as done, anything else refused.
  const now = await loadLoan(deps, loanId);
  if (now.disbursedOn !== null && isSameDisbursement(now, disbursedOn, reference)) {
    return disbursementResult(deps, staff, now);
  }
  if (now.disbursedOn !== null) throw conflict(loanStaffMessages.alreadyDisbursed);
  // An expired loan lost the one-blocking-loan index to a request the borrower made meanwhile.
  if (now.status === LOAN_STATUS.expired && afterExpiry) await refuseIfAnotherBlockingLoan(deps, now);
  throw conflict(loanStaffMessages.notApproved(loanStatusLabel(now.status)));
}

/**
 * A loan that expired no longer blocks requests, so its borrower may have asked for another since;
 * disbursing it would make two open loans (the one-blocking-loan index refuses it too). 409 naming
 * the other loan: staff reject that request first, or sort out a second loan already paid out.
 */
async function refuseIfAnotherBlockingLoan(deps: Pick<Deps, 'db'>, loan: LoanRow): Promise<void> {
  const [other] = await deps.db
    .select({ id: loans.id, status: loans.status })
    .from(loans)
    .where(
      and(
        eq(loans.borrowerId, loan.borrowerId),
        ne(loans.id, loan.id),
        inArray(loans.status, [...REQUEST_BLOCKING_LOAN_STATUSES]),
      ),
    )
    .orderBy(asc(loans.id))
    .limit(1);
  if (other) throw conflict(loanStaffMessages.anotherOpenLoan(other.id, loanStatusLabel(other.status)));
}
