import { LOAN_STATUS_LABELS } from '@prestamos-hn/domain';
import { z } from 'zod';
import { borrowerFile } from './borrowers.ts';
import { staffInstalment } from './receipts.ts';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoDate, isoInstant, pageFields, paged, rejectionReasonField } from './fields.ts';

const loanId = idField('Identificador de préstamo inválido.');
export const loanParams = z.object({ id: loanId });

const statusCodes = Object.keys(LOAN_STATUS_LABELS).map(Number);
const statusMessage = `Estado inválido: uno de ${statusCodes.join(', ')}.`;

export const loanListQuery = z.object({
  status: z.coerce
    .number({ error: statusMessage })
    .int(statusMessage)
    .refine((n) => statusCodes.includes(n), statusMessage)
    .optional(),
  q: z.string({ error: 'Búsqueda inválida.' }).trim().max(100, 'La búsqueda es demasiado larga.').optional(),
  ...pageFields,
});

const cents = z.number().int();

/** A row of the loan desk. */
export const loanListItem = z.object({
  id: z.number().int(),
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  personCode: z.string(),
  mobPhone: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  periodType: z.string(),
  purpose: z.string(),
  amountCents: cents,
  totalCents: cents,
  termDays: z.number().int(),
  payments: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  requestCity: z.string().nullable(),
  createdAt: isoInstant,
  waitingMinutes: z.number().int().nonnegative(),
});

/** One status an instalment moved to, on which business date (the daily run's history). */
export const scheduleChange = z.object({
  id: z.number().int(),
  instalmentId: z.number().int(),
  position: z.number().int(),
  businessDate: isoDate,
  fromStatus: z.number().int(),
  fromStatusLabel: z.string(),
  toStatus: z.number().int(),
  toStatusLabel: z.string(),
  lateFeeCents: z.number().int(),
});

const instant = isoInstant.nullable();

/**
 * A bank account as staff read it: the bank's code (text) and name, the number in full for a role
 * with `borrowers.bank_account`, else `****` and the last 4 digits.
 */
export const staffBankAccount = z.object({
  bank: z.string(),
  bankName: z.string().nullable(),
  accountNumber: z.string(),
});

/** A disbursement that was reversed (issue 31 point 4): what had gone out, who undid it and why. */
export const disbursementReversal = z.object({
  id: z.number().int(),
  amountCents: cents,
  disbursedOn: isoDate,
  disbursementReference: z.string(),
  disbursedBy: z.string().nullable(),
  disbursedAt: isoInstant,
  instalments: z.number().int(),
  reason: z.string(),
  businessDate: isoDate,
  reversedBy: z.string(),
  reversedAt: isoInstant,
});

/**
 * Everything staff see of one loan (services/loans/staff-loans.ts `getLoanFile`): the loan and who
 * decided what, the price-list terms copied at request, the stored quote, where the request was
 * made, the borrower's identity, profile state, census comparison, references and bank account (the
 * borrower file's own shapes), the accepted documents with their evidence, the instalments once
 * disbursed, and the audit trail (null for a role without `borrowers.audit`).
 */
export const loanFile = z.object({
  loan: z.object({
    id: z.number().int(),
    status: z.number().int(),
    statusLabel: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    purposeId: z.number().int(),
    purpose: z.string(),
    amountCents: cents,
    termDays: z.number().int(),
    payments: z.number().int(),
    requestedOn: isoDate,
    createdAt: isoInstant,
    /** What is owed: the quote's total until disbursed, then the schedule's unpaid total. */
    debtCents: cents,
    rejectionReason: z.string().nullable(),
    takenBy: z.string().nullable(),
    takenAt: instant,
    decidedBy: z.string().nullable(),
    decidedAt: instant,
    /** The Tegucigalpa date it was approved; null if it never was. */
    approvedOn: isoDate.nullable(),
    /**
     * The last day a request is good for (0, 1: from the request; 5: from the approval), or was for
     * one that expired (7); null otherwise. An expired loan approved in time may still have its
     * disbursement recorded when the money went out by then (decision 014).
     */
    offerExpiresOn: isoDate.nullable(),
    disbursedBy: z.string().nullable(),
    disbursedAt: instant,
    disbursedOn: isoDate.nullable(),
    disbursementReference: z.string().nullable(),
    expiredAt: instant,
    /**
     * The caller approved this loan: they may not record its disbursement (issue 31 point 3), and
     * the desk says so instead of offering it.
     */
    approvedByYou: z.boolean(),
  }),
  terms: z.object({
    periodType: z.string(),
    annualRateBp: z.number().int(),
    /** 'fixed' (centavos) or 'percent' (basis points of the amount). */
    feeType: z.string(),
    feeValue: z.number().int(),
    minAmountCents: cents,
    maxAmountCents: cents,
    minDays: z.number().int(),
    maxDays: z.number().int(),
    /** Charged once on an instalment the day it turns late (centavos). */
    lateFeeCents: cents,
    /** Days after a due date before the late fee is charged (decision 014). */
    graceDays: z.number().int(),
    /** An instalment short by no more than this is neither late nor charged (centavos; decision 014). */
    arrearsToleranceCents: cents,
  }),
  quote: z.object({
    startDate: isoDate,
    amountCents: cents,
    interestCents: cents,
    feesCents: cents,
    totalCents: cents,
    payments: z.array(
      z.object({
        dueDate: isoDate,
        totalCents: cents,
        principalCents: cents,
        interestCents: cents,
        feeCents: cents,
      }),
    ),
    annualCostPercent: z.number(),
  }),
  /**
   * Where the request was made; latitude, longitude, IP and device (user agent) are null without
   * `borrowers.locations`.
   */
  request: z.object({
    city: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    locatedAt: instant,
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    sessionId: z.number().int().nullable(),
  }),
  borrower: borrowerFile.shape.borrower,
  profileState: borrowerFile.shape.state,
  profileStateLabel: z.string(),
  census: borrowerFile.shape.census,
  references: borrowerFile.shape.references,
  /** The profile's current account (the bank code '' when none). */
  bankAccount: z.object({
    /** The current account's bank code, or ''. */
    bank: z.string(),
    bankName: z.string().nullable(),
    /** Without `borrowers.bank_account`: `****` and the last 4 digits. */
    accountNumber: z.string(),
  }),
  /**
   * The account accepted with the contract, which the disbursement pays (issue 31 point 1); null
   * for a loan that never named one.
   */
  payoutAccount: staffBankAccount.nullable(),
  /**
   * The profile's current account is not the payout account: the loan file warns that the
   * disbursement still goes to the contract's.
   */
  payoutAccountDiffers: z.boolean(),
  /** Disbursements of this loan that were reversed, oldest first. */
  disbursementReversals: z.array(disbursementReversal),
  documents: z.array(
    z.object({
      id: z.number().int(),
      /** 'contract' or 'promissory_note'. */
      kind: z.string(),
      title: z.string(),
      templateVersion: z.number().int(),
      /** The exact HTML the borrower accepted. */
      html: z.string(),
      sha256: z.string(),
      /** The stored HTML still hashes to the stored SHA-256. */
      intact: z.boolean(),
      acceptedAt: isoInstant,
      /** The acceptance's IP and device (user agent): null without `borrowers.locations`. */
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      sessionId: z.number().int().nullable(),
    }),
  ),
  /** A signed link (15 minutes) to the PDF of the accepted documents; null when there are none. */
  contractPdfUrl: z.string().nullable(),
  instalments: z.array(staffInstalment),
  /** The schedule's history: every status the daily run moved an instalment to, oldest first. */
  scheduleHistory: z.array(scheduleChange),
  audit: borrowerFile.shape.audit,
});

export const loanDecisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('take') }),
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('reject'), reason: rejectionReasonField }),
  ],
  { error: 'Elige una decisión: take, approve o reject.' },
);

export const disbursementBody = z.object({
  disbursedOn: z
    .string({ error: 'Escribe la fecha del desembolso (AAAA-MM-DD).' })
    .trim()
    .pipe(z.iso.date({ error: 'Escribe la fecha del desembolso (AAAA-MM-DD).' })),
  reference: z
    .string({ error: 'Escribe la referencia de la transferencia del desembolso.' })
    .trim()
    .min(1, 'Escribe la referencia de la transferencia del desembolso.')
    .max(100, 'La referencia no puede tener más de 100 caracteres.'),
});

export const disbursementReversalBody = z.object({
  reason: z
    .string({ error: 'Escribe el motivo de la reversión.' })
    .trim()
    .min(1, 'Escribe el motivo de la reversión.')
    .max(500, 'El motivo no puede tener más de 500 caracteres.'),
});

/** The loan desk: requests to decide, loans to disburse, and every loan by status. */
export const staffLoanRows = {
  // A POST, so that a searched identity number or phone never stands in a URL (issue 15 point 8).
  listLoans: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/search',
    access: 'loans.read',
    summary:
      'Loans, newest first (oldest first for 0 Enviado and 1 Reuniendo), filtered by status and search, with the count per status',
    body: loanListQuery,
    response: jsonResponse(paged(loanListItem).extend({ counts: z.record(z.string(), z.number().int()) })),
  }),
  getLoanFile: defineStaffEndpoint({
    method: 'GET',
    path: '/loans/:id',
    access: 'loans.read',
    summary:
      'One loan: the borrower, profile state, census, request and its location, stored quote, accepted documents with evidence, instalments, audit',
    params: loanParams,
    response: jsonResponse(loanFile),
  }),
  decideLoan: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/:id/decision',
    access: 'loans.decide',
    summary:
      'Takes (0→1), approves (0|1→5) or rejects (0|1|5→2) a loan request (409 when another analyst decided first)',
    params: loanParams,
    body: loanDecisionBody,
    response: jsonResponse(
      z.object({
        id: z.number().int(),
        decision: z.enum(['take', 'approve', 'reject']),
        status: z.number().int(),
        statusLabel: z.string(),
        rejectionReason: z.string().nullable(),
        decidedAt: isoInstant,
      }),
    ),
  }),
  recordDisbursement: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/:id/disbursement',
    access: 'loans.disburse',
    summary:
      'Records that an approved loan was disbursed (5→3) to its payout account and makes its schedule; never by its approver (409); the same disbursement again answers the same',
    params: loanParams,
    body: disbursementBody,
    response: jsonResponse(
      z.object({
        id: z.number().int(),
        status: z.number().int(),
        statusLabel: z.string(),
        disbursedOn: isoDate,
        reference: z.string(),
        /** Where the money went: the account accepted with the contract (null when none was named). */
        payoutAccount: staffBankAccount.nullable(),
        instalments: z.array(
          z.object({
            id: z.number().int(),
            position: z.number().int(),
            dueDate: isoDate,
            chargeCents: cents,
            administratorFeeCents: cents,
            amountCents: cents,
            status: z.number().int(),
          }),
        ),
      }),
    ),
  }),
  reverseDisbursement: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/:id/disbursement/reversal',
    access: 'loans.reverse_disbursement',
    summary:
      'Reverses a disbursement while no money reached the loan: back to 5 Reunido, its schedule voided, audited, the borrower told (409 otherwise)',
    params: loanParams,
    body: disbursementReversalBody,
    response: jsonResponse(
      z.object({
        id: z.number().int(),
        status: z.number().int(),
        statusLabel: z.string(),
        reversal: disbursementReversal,
      }),
    ),
  }),
};
