import { RECEIPT_APPROVAL_REASONS, RECEIPT_STATES } from '@prestamos-hn/domain';
import { z } from 'zod';
import { borrowerParams } from './borrowers.ts';
import { defineStaffEndpoint, imageResponse, jsonResponse } from './endpoint.ts';
import { idField, isoDate, isoInstant, pageFields, paged, rejectionReasonField } from './fields.ts';

const receiptParams = z.object({ id: idField('Identificador de comprobante inválido.') });

const stateMessage = 'Estado inválido: pending, awaiting_approval, validated, rejected o reversed.';
export const receiptListQuery = z.object({
  state: z.enum(RECEIPT_STATES, { error: stateMessage }).optional(),
  ...pageFields,
});

const cents = z.number().int();
const receiptState = z.enum(RECEIPT_STATES);

/** How the money of a payment was split: late fee, interest (`charge`), administrative fee, principal. */
export const paymentSplit = z.object({
  lateFee: cents,
  /** Default interest after maturity (decision 014). */
  penalty: cents,
  charge: cents,
  administratorFee: cents,
  amount: cents,
});

/** What money applied to one instalment covered of it (a wallet application's, a ledger debit's). */
export const instalmentCoverage = z.object({
  instalmentId: z.number().int(),
  position: z.number().int(),
  covered: paymentSplit,
  fullyCovered: z.boolean(),
});

/**
 * Another receipt (any borrower, any state but rejected) that may be the same deposit: the same
 * canonical reference at the same bank, the same photo (SHA-256), or both (issue 31 point 2).
 */
export const receiptDuplicate = z.object({
  id: z.number().int(),
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  loanId: z.number().int(),
  state: receiptState,
  stateLabel: z.string(),
  sameReference: z.boolean(),
  samePhoto: z.boolean(),
});

/** Why a validation waits for a second person: the code and how staff read it. */
export const receiptApprovalReason = z.object({
  code: z.enum(RECEIPT_APPROVAL_REASONS),
  label: z.string(),
});

/** A receipt as the cashier's queue shows it (services/payments/cashier-desk.ts). */
export const receiptItem = z.object({
  id: z.number().int(),
  state: receiptState,
  stateLabel: z.string(),
  /** Normalised: no whitespace. */
  reference: z.string(),
  /** The reference as the bank knows it: upper case, letters and digits, no leading zeros. */
  canonicalReference: z.string(),
  declaredAmountCents: cents,
  /**
   * What the cashier validated (may differ from the declared amount), or proposes while the
   * validation waits as 'Por aprobar'; null while pending and once rejected.
   */
  receivedAmountCents: cents.nullable(),
  /** The money's value date the cashier set (validated, waiting for approval, reversed). */
  valueDate: isoDate.nullable(),
  loanId: z.number().int(),
  loanStatus: z.number().int(),
  loanStatusLabel: z.string(),
  instalmentId: z.number().int(),
  instalmentPosition: z.number().int(),
  instalmentDueDate: isoDate,
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  personCode: z.string(),
  mobPhone: z.string(),
  sentAt: isoInstant,
  photoUpdatedAt: isoInstant,
  photoVersion: z.number().int(),
  /**
   * The current photo's SHA-256 (hex): a decision sends the one the staff member saw, and is
   * refused (409) when the borrower replaced the photo meanwhile.
   */
  photoSha256: z.string(),
  contentType: z.string(),
  decidedAt: isoInstant.nullable(),
  /** The cashier's name (for 'Por aprobar': the person who proposed the validation). */
  decidedBy: z.string().nullable(),
  decidedByStaffId: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  /** Why the validation waits (or waited) for a second person; empty when it never did. */
  approvalReasons: z.array(receiptApprovalReason),
  /** The second person who confirmed it, and when. */
  approvedAt: isoInstant.nullable(),
  approvedBy: z.string().nullable(),
  /** A reversal (state reversed, issue 31 point 4): when, by whom, why (the borrower read it). */
  reversedAt: isoInstant.nullable(),
  reversedBy: z.string().nullable(),
  reversalReason: z.string().nullable(),
  /** The last time a second person sent the validation back to the cashier, and why. */
  returned: z.object({ reason: z.string(), by: z.string(), at: isoInstant }).nullable(),
  /** The same reference was sent for another loan too: look twice before validating. */
  referenceSeenOnOtherLoan: z.boolean(),
  /** Possible duplicates: other receipts with the same canonical reference at the bank or the same photo. */
  duplicates: z.array(receiptDuplicate),
  /** Its forwarding to the payment partner (postBacPago.php), null before the first attempt is queued. */
  forward: z
    .object({
      status: z.string(),
      statusLabel: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      sentAt: isoInstant.nullable(),
    })
    .nullable(),
});

/** One instalment as staff see it: each part due and covered, in centavos. */
export const staffInstalment = z.object({
  id: z.number().int(),
  position: z.number().int(),
  dueDate: isoDate,
  status: z.number().int(),
  statusLabel: z.string(),
  lateFeeCents: cents,
  lateFeeCoveredCents: cents,
  chargeCents: cents,
  chargeCoveredCents: cents,
  administratorFeeCents: cents,
  administratorFeeCoveredCents: cents,
  amountCents: cents,
  amountCoveredCents: cents,
  penaltyFeeCents: cents,
  penaltyCoveredCents: cents,
  remainingCents: cents,
});

export const receiptDetail = receiptItem.extend({
  /** The loan's schedule with what each instalment still owes. */
  schedule: z.array(staffInstalment),
  debtCents: cents,
  /** Other receipts with the same reference (any loan, any borrower), oldest first. */
  sameReference: z.array(
    z.object({
      id: z.number().int(),
      borrowerId: z.number().int(),
      loanId: z.number().int(),
      state: receiptState,
      stateLabel: z.string(),
      declaredAmountCents: cents,
      sentAt: isoInstant,
    }),
  ),
});

const amountMessage = 'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).';

const photoMessage =
  'Falta la huella de la foto que revisaste (SHA-256): vuelve a abrir el comprobante antes de decidir.';
/** The SHA-256 (hex) of the photo the staff member looked at when deciding. */
const photoSha256Field = z
  .string({ error: photoMessage })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, photoMessage);

/**
 * Validate with the amount actually received (lempiras as text, exact to the centavo), or reject
 * with a reason; either carries the SHA-256 of the photo the cashier saw.
 */
export const receiptDecisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('validate'),
      amount: z.string({ error: amountMessage }).trim().min(1, amountMessage).max(20, amountMessage),
      /**
       * The bank's date of the deposit, read off the photo, when earlier than the day it was sent
       * (decision 014): never in the future, never before the disbursement. Absent: the day sent.
       */
      valueDate: isoDate.optional(),
      photoSha256: photoSha256Field,
    }),
    z.object({
      decision: z.literal('reject'),
      reason: rejectionReasonField,
      photoSha256: photoSha256Field,
    }),
  ],
  { error: 'Elige una decisión: validate o reject.' },
);

const returnReasonMessage = 'Escribe por qué devuelves la validación: el cajero lo leerá.';
/**
 * A second person's answer to a validation waiting as 'Por aprobar': confirm it (the money is
 * credited and applied), or send it back to the cashier with a reason (pending again).
 */
export const receiptApprovalBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('confirm'), photoSha256: photoSha256Field }),
    z.object({
      decision: z.literal('return'),
      reason: z
        .string({ error: returnReasonMessage })
        .trim()
        .min(1, returnReasonMessage)
        .max(500, 'El motivo de la devolución no puede tener más de 500 caracteres.'),
      photoSha256: photoSha256Field,
    }),
  ],
  { error: 'Elige una decisión: confirm o return.' },
);

const reversalReasonMessage = 'Escribe el motivo de la reversión: el cliente lo leerá.';

/** Why a validated receipt is reversed (the borrower reads it). */
export const receiptReversalBody = z.object({
  reason: z
    .string({ error: reversalReasonMessage })
    .trim()
    .min(1, reversalReasonMessage)
    .max(500, 'El motivo de la reversión no puede tener más de 500 caracteres.'),
});

/** The receipt as reversed, and the loan after its money was applied again without it. */
export const receiptReversalAnswer = z.object({
  id: z.number().int(),
  state: receiptState,
  stateLabel: z.string(),
  reversedAt: isoInstant,
  reversalReason: z.string(),
  loanStatus: z.number().int(),
  walletBalanceCents: cents,
});

/** What one application of a wallet did: the split over the instalments and what is still owed. */
export const walletApplication = z.object({
  loanId: z.number().int(),
  borrowerId: z.number().int(),
  /** The debit written; null when the decision only waived charges its value date made undue. */
  entryId: z.number().int().nullable(),
  appliedCents: cents,
  split: paymentSplit,
  instalments: z.array(instalmentCoverage),
  remainingDebtCents: cents,
  walletBalanceCents: cents,
  /** Charges waived because the money's value date made them undue (decision 014). */
  waivedCents: cents,
  loanPaid: z.boolean(),
  businessDate: isoDate,
});

/** The receipt as decided (its queue fields), and what the decision did with the money. */
export const receiptDecisionAnswer = receiptItem
  .pick({
    id: true,
    state: true,
    stateLabel: true,
    receivedAmountCents: true,
    valueDate: true,
    rejectionReason: true,
    approvalReasons: true,
  })
  .extend({
    decidedAt: isoInstant,
    /** Validated after 19:59 (or before 8:00): the money waits in the wallet for the next day's run. */
    appliesLater: z.boolean(),
    /**
     * The money applied at once; null for a rejection, a validation after hours, or one that waits
     * as 'Por aprobar' (state awaiting_approval, with its `approvalReasons`: no money moved).
     */
    application: walletApplication.nullable(),
  });

/** A second approval's outcome: confirmed (validated, money credited) or returned (pending again). */
export const receiptApprovalAnswer = receiptItem
  .pick({
    id: true,
    state: true,
    stateLabel: true,
    receivedAmountCents: true,
    valueDate: true,
    approvalReasons: true,
    approvedAt: true,
    approvedBy: true,
    returned: true,
  })
  .extend({
    /** Confirmed after 19:59 (or before 8:00): the money waits in the wallet for the next day's run. */
    appliesLater: z.boolean(),
    /** The money applied at once; null when returned or confirmed after hours. */
    application: walletApplication.nullable(),
  });

/** The money side of a borrower's file: the ledger, the receipts and each loan's schedule. */
export const borrowerLedger = z.object({
  borrowerId: z.number().int(),
  /** 'Deposito por aplicar' over every loan: the sum of the entries. */
  walletBalanceCents: cents,
  entries: z.array(
    z.object({
      id: z.number().int(),
      loanId: z.number().int(),
      /**
       * credit (a validated receipt), debit (applied to instalments), reversal, release (money given
       * back from parts no longer owed), refund (paid back to the borrower) or transfer (a credit
       * balance moved between two loans of the borrower).
       */
      kind: z.enum(['credit', 'debit', 'reversal', 'release', 'refund', 'transfer']),
      amountCents: cents,
      receiptId: z.number().int().nullable(),
      reversesEntryId: z.number().int().nullable(),
      /** A debit's split over the instalments. */
      allocation: z
        .object({
          instalments: z.array(instalmentCoverage),
          split: paymentSplit,
        })
        .nullable(),
      businessDate: isoDate,
      /** When a credit or transfer counts as arrived (a receipt's value date). */
      valueDate: isoDate.nullable(),
      /** A refund's bank reference. */
      reference: z.string().nullable(),
      /** A transfer's other loan. */
      relatedLoanId: z.number().int().nullable(),
      staffName: z.string().nullable(),
      createdAt: isoInstant,
      /** The loan's wallet balance after this entry. */
      loanBalanceCents: cents,
    }),
  ),
  receipts: z.array(receiptItem),
  loans: z.array(
    z.object({
      id: z.number().int(),
      status: z.number().int(),
      statusLabel: z.string(),
      amountCents: cents,
      disbursedOn: isoDate.nullable(),
      walletBalanceCents: cents,
      debtCents: cents,
      instalments: z.array(staffInstalment),
    }),
  ),
});

/** The cashier's desk ('Caja'): the receipts queue, one receipt, its photo, the decision, a borrower's ledger. */
export const staffReceiptRows = {
  listReceipts: defineStaffEndpoint({
    method: 'GET',
    path: '/receipts',
    access: 'receipts.read',
    summary:
      'Payment receipts, oldest sent first, filtered by state, flagging possible duplicates (same reference at the bank or same photo), with the count per state',
    query: receiptListQuery,
    response: jsonResponse(
      paged(receiptItem).extend({ counts: z.record(receiptState, z.number().int().nonnegative()) }),
    ),
  }),
  getReceipt: defineStaffEndpoint({
    method: 'GET',
    path: '/receipts/:id',
    access: 'receipts.read',
    summary: "One receipt with its loan's schedule and the other receipts with the same reference",
    params: receiptParams,
    response: jsonResponse(receiptDetail),
  }),
  getReceiptImage: defineStaffEndpoint({
    method: 'GET',
    path: '/receipts/:id/image',
    access: 'receipts.read',
    summary: "The photo of a receipt (audited as receipt.view with the photo's version)",
    params: receiptParams,
    response: imageResponse,
  }),
  decideReceipt: defineStaffEndpoint({
    method: 'POST',
    path: '/receipts/:id/decision',
    access: 'receipts.decide',
    summary:
      "Validates a pending receipt with the amount received (credits the wallet and, 8:00-19:59, applies it; an amount that differs from the declared one, exceeds the payoff or the second-approval threshold, or a possible duplicate by a cashier, waits as 'Por aprobar' instead) or rejects it with a reason; 409 when another cashier decided first, the photo changed, or the reference is already validated",
    params: receiptParams,
    body: receiptDecisionBody,
    response: jsonResponse(receiptDecisionAnswer),
  }),
  decideReceiptApproval: defineStaffEndpoint({
    method: 'POST',
    path: '/receipts/:id/approval',
    access: 'receipts.approve',
    summary:
      "A second person confirms a validation waiting as 'Por aprobar' (the money is credited and applied as by a direct validation) or returns it to the cashier with a reason; never the person who proposed it (403); 409 when someone else answered first or the photo changed",
    params: receiptParams,
    body: receiptApprovalBody,
    response: jsonResponse(receiptApprovalAnswer),
  }),
  reverseReceipt: defineStaffEndpoint({
    method: 'POST',
    path: '/receipts/:id/reversal',
    access: 'receipts.reverse',
    summary:
      "Reverses a validated receipt: its credit and the loan's applications are reversed in the ledger, waivers reinstated, the charges due without it made, the rest of the money applied again; the borrower is told (409 when already reversed or not validated)",
    params: receiptParams,
    body: receiptReversalBody,
    response: jsonResponse(receiptReversalAnswer),
  }),
  getBorrowerLedger: defineStaffEndpoint({
    method: 'GET',
    path: '/borrowers/:id/ledger',
    access: 'receipts.read',
    summary:
      "A borrower's wallet ledger (credits, debits, reversals), receipts and schedules with covered amounts",
    params: borrowerParams,
    response: jsonResponse(borrowerLedger),
  }),
};
