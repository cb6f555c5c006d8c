import {
  type BorrowerPayment,
  type BorrowerReceipt,
  type BorrowerReceiptState,
  type PayoffQuote,
} from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { REFERENCE_EXISTS, REFERENCE_FREE } from './payment-messages.ts';

// Proof of payment (SPEC sections 2, 5 and 7): the bank receipt dialog ('Subir Archivo BAC') and its
// duplicate-reference check. Money travels in lempiras as text or numbers; the server keeps centavos.

/**
 * What getPayoffQuote.php answers (decision 014, point 4): what closes the loan on `asOf` (a
 * Tegucigalpa date; it holds until `validUntil`, the same day, since interest accrues daily) and its
 * parts, in lempiras. `payoff` = `principal` + `interest` + `fees` + `lateFees` − `creditedBack`
 * (interest and fees paid ahead for time not yet run, given back), never below 0.
 */
export const payoffQuotePayload = z.object({
  asOf: z.iso.date(),
  payoff: z.number(),
  principal: z.number(),
  interest: z.number(),
  fees: z.number(),
  lateFees: z.number(),
  creditedBack: z.number(),
  validUntil: z.iso.date(),
});
export type PayoffQuoteWire = z.infer<typeof payoffQuotePayload>;

/** The parts of the domain's payoff quote the borrower reads (no per-instalment waivers or releases). */
export type PayoffSummary = Pick<
  PayoffQuote,
  | 'asOf'
  | 'validUntil'
  | 'payoffCents'
  | 'principalCents'
  | 'interestCents'
  | 'feesCents'
  | 'lateFeesCents'
  | 'creditedBackCents'
>;

/**
 * One of the lender's collection accounts as getCollectionAccounts.php answers it (issue 35, point
 * 1): where a borrower deposits, and the bank they pick when sending the receipt (`bank`).
 */
export const collectionAccountPayload = z.object({
  bank: z.number().int(),
  bank_name: z.string(),
  account_number: z.string(),
  holder_name: z.string(),
});
export type CollectionAccountWire = z.infer<typeof collectionAccountPayload>;

/**
 * A receipt as getLoanPayments.php answers it (issue 35, point 5): `state` pending (a validation
 * waiting for a second approval is still pending to the borrower), validated, rejected or reversed;
 * `amount` what was declared, `credited` what the cashier validated (lempiras; null unless validated
 * or reversed), `reason` the rejection's or the reversal's reason.
 */
// Written here, not imported: the domain's module that words them stays out of every screen's first load.
const BORROWER_RECEIPT_STATES = [
  'pending',
  'validated',
  'rejected',
  'reversed',
] as const satisfies readonly BorrowerReceiptState[];

export const loanReceiptItem = z.object({
  id: z.number().int(),
  sent_at: z.string(),
  reference: z.string(),
  amount: z.number(),
  state: z.enum(BORROWER_RECEIPT_STATES),
  credited: z.number().nullable(),
  reason: z.string().nullable(),
});

/** What one payment covered of one instalment (its position), per part, in lempiras. */
export const coveredInstalmentItem = z.object({
  position: z.number().int(),
  late_fee: z.number(),
  penalty: z.number(),
  interest: z.number(),
  administrator_fee: z.number(),
  principal: z.number(),
});

/** Money applied to the loan's instalments on `date` (a Tegucigalpa date), with what it covered. */
export const loanPaymentItem = z.object({
  id: z.number().int(),
  date: z.iso.date(),
  amount: z.number(),
  reversed: z.boolean(),
  instalments: z.array(coveredInstalmentItem),
});

export const loanPaymentsPayload = z.object({
  receipts: z.array(loanReceiptItem),
  payments: z.array(loanPaymentItem),
});
export type LoanPaymentsWire = z.infer<typeof loanPaymentsPayload>;

/** A loan's receipts and payments in the domain's centavos. */
export interface LoanPayments {
  receipts: BorrowerReceipt[];
  payments: BorrowerPayment[];
}

/** A number or a numeric string, as multipart fields and old clients send ids and amounts. */
const numeric = z.union([z.number(), z.string().trim()]);
/** A text field; a number is read as its digits. */
const text = z.union([z.string(), z.number().transform(String)]).default('');

export const paymentCalls = {
  /**
   * Multipart: the photo of the bank receipt in the file field `DOC`, and the text fields `sid`,
   * `containerId` (the loan) and `idpago` (the instalment: the loan's first one not paid) of SPEC
   * section 7. The dialog's 'Monto a Pagar' and 'Número de Referencia' travel as the extra fields
   * `amount` (lempiras, up to two decimals) and `reference` (whitespace is removed): the SPEC's row
   * lists only DOC, sid, containerId and idpago, but the dialog has both fields and the payment partner
   * needs them (`montoPago`, `numReferencia`). Sending the same reference again for the same loan
   * while the receipt waits for review replaces its photo (and amount); once reviewed, it is refused.
   */
  send_recipemail: defineEndpoint({
    file: 'send_recipemail.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    multipart: ['DOC'],
    request: z.object({
      containerId: numeric,
      idpago: numeric,
      amount: text,
      reference: text,
      /**
       * The bank of the deposit (issue 35, point 1; not in the SPEC): the code of one of the lender's
       * accounts getCollectionAccounts.php lists. Left out or empty: BAC Credomatic (2), as the
       * SPEC's 'Enviar comprobante BAC'.
       */
      bank: numeric.optional(),
    }),
    payload: z.object({
      message: z.string(),
      /** The receipt's id. */
      receipt_id: z.number().int(),
      /** True when this send replaced the photo of a receipt already waiting for review. */
      photo_replaced: z.boolean(),
    }),
  }),
  /**
   * Whether the caller already sent a receipt with this reference for this loan. The legacy page
   * called it with a fixed access code and `referencia = customerId_loanId_reference`; here it is a
   * session call and the server builds that key from the session's customer, `containerId` and
   * `reference` (whitespace removed). The payload is `"existe"` for a duplicate, `"no existe"`
   * otherwise: the app compares it to `"existe"`.
   */
  getPagosReference: defineEndpoint({
    file: 'getPagosReference.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ containerId: numeric, reference: text }),
    payload: z.enum([REFERENCE_EXISTS, REFERENCE_FREE]),
  }),
  /**
   * What pays one of the caller's loans off today (decision 014, point 4): the outstanding
   * principal, the interest earned to today, the fees of the periods started and the unpaid late
   * fees, less what was paid ahead for time not yet run. Only for a loan being paid (3, 8, 9-11).
   */
  /**
   * Where to pay (issue 35, point 1; not in the SPEC): the lender's active collection accounts in the
   * order staff set, each with its bank, number and holder. /plan lists them under 'Plan de pagos'
   * with the loan's number as the reference to write.
   */
  getCollectionAccounts: defineEndpoint({
    file: 'getCollectionAccounts.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.array(collectionAccountPayload),
  }),
  /**
   * What happened to the money of one of the caller's loans (issue 35, point 5; not in the SPEC):
   * the receipts sent for it, newest first, with their state, and the money applied to its
   * instalments, oldest first, with what each application covered as the ledger recorded it.
   */
  getLoanPayments: defineEndpoint({
    file: 'getLoanPayments.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ ContainerId: numeric }),
    payload: loanPaymentsPayload,
  }),
  getPayoffQuote: defineEndpoint({
    file: 'getPayoffQuote.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ ContainerId: numeric }),
    payload: payoffQuotePayload,
  }),
};
