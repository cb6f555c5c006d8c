import {
  fromCents,
  toCents,
  type BorrowerPayment,
  type BorrowerReceipt,
  type BorrowerReceiptState,
  type PayoffQuote,
} from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

// Proof of payment (SPEC sections 2, 5 and 7): the bank receipt dialog ('Subir Archivo BAC') and its
// duplicate-reference check. Money travels in lempiras as text or numbers; the server keeps centavos.

/** What getPagosReference.php answers: the app compares the payload to `"existe"` (SPEC section 7). */
export const REFERENCE_EXISTS = 'existe';
/** Anything but `"existe"` means the reference is new for this customer and loan. */
export const REFERENCE_FREE = 'no existe';

/**
 * Messages of the payment calls. The SPEC words the duplicate warning, the check failure and the
 * success pop-up; the refusals it does not word are ours, in the product's Spanish with "tú".
 */
export const paymentMessages = {
  /** SPEC section 5: shown when getPagosReference.php answers "existe". */
  duplicateReference:
    'El comprobante con este número de referencia ya ha sido cargado, se actualizará tu foto de comprobante si se reenvía',
  /** SPEC section 5: the reference check failed. */
  referenceCheckFailed: 'Error validando',
  /** SPEC section 2: the success pop-up (about 5 s). send_recipemail.php answers it on OK. */
  receiptSent: '¡Comprobante enviado con éxito!',
  /** SPEC section 2: the note under the disabled button, and the refusal outside 00:00-19:59. */
  outsideHours: 'Fuera de horario operativo',
  outsideHoursRefusal:
    'Fuera de horario operativo. Puedes enviar tu comprobante hasta las 7:59 p. m.; inténtalo mañana.',
  noFile: 'Adjunta la foto de tu comprobante.',
  /** A file field other than DOC, or more than one file. */
  oneFileOnly: 'Adjunta una sola foto, en el campo DOC.',
  notAnImage: 'La foto del comprobante debe ser una imagen PNG, JPG o WEBP.',
  /** The loan is not disbursed, or already paid, closed, rejected or expired. */
  loanNotPayable: 'Este préstamo no tiene pagos pendientes.',
  /** `idpago` is not the loan's first instalment still unpaid (the app's list is out of date). */
  notNextInstalment:
    'Ese pago no es la próxima cuota de tu préstamo. Actualiza tu plan de pagos e intenta de nuevo.',
  referenceTooLong: 'El número de referencia no puede tener más de 40 caracteres.',
  /** A reference with no letter or digit at all: the bank knows no such deposit (issue 31). */
  referenceWithoutDigits:
    'Escribe el número de referencia como aparece en tu comprobante: debe tener al menos una letra o un número.',
  amountTooLarge: 'El monto a pagar no puede ser mayor a L 1,000,000.00.',
  /** A resend with the reference of a receipt staff already decided on. */
  alreadyReviewed:
    'Ya revisamos el comprobante con este número de referencia. Si hiciste otro depósito, envíalo con su propio número de referencia.',
  /**
   * A resend while a cashier's validation waits for a second approval: to the borrower the receipt
   * is still being reviewed, and its photo can no longer change.
   */
  inReview:
    'Estamos revisando tu comprobante con este número de referencia: espera nuestra respuesta antes de enviarlo de nuevo.',
  /** send_recipemail.php with a bank that is not one of the lender's listed accounts (issue 35). */
  unknownDepositBank: 'Elige el banco donde hiciste el depósito: uno de los de «Dónde pagar».',
  /** getPayoffQuote.php for a loan not disbursed yet (0 Enviado, 1 Reuniendo, 5 Reunido). */
  payoffNotDisbursed: 'Tu préstamo aún no ha sido desembolsado: todavía no hay nada que liquidar.',
  /** getPayoffQuote.php for a loan already paid (4 Pagado). */
  payoffAlreadyPaid: 'Este préstamo ya está pagado: no hay nada que liquidar.',
  /** getPayoffQuote.php for a rejected or expired request. */
  payoffNotActive: 'Este préstamo no está activo: no hay nada que liquidar.',
} as const;

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

/** The domain's payoff quote as getPayoffQuote.php answers it: lempiras. */
export function toWirePayoffQuote(quote: PayoffSummary): PayoffQuoteWire {
  return {
    asOf: quote.asOf,
    payoff: fromCents(quote.payoffCents),
    principal: fromCents(quote.principalCents),
    interest: fromCents(quote.interestCents),
    fees: fromCents(quote.feesCents),
    lateFees: fromCents(quote.lateFeesCents),
    creditedBack: fromCents(quote.creditedBackCents),
    validUntil: quote.validUntil,
  };
}

/** getPayoffQuote.php's answer as centavos. */
export function fromWirePayoffQuote(wire: PayoffQuoteWire): PayoffSummary {
  return {
    asOf: wire.asOf,
    validUntil: wire.validUntil,
    payoffCents: toCents(wire.payoff),
    principalCents: toCents(wire.principal),
    interestCents: toCents(wire.interest),
    feesCents: toCents(wire.fees),
    lateFeesCents: toCents(wire.lateFees),
    creditedBackCents: toCents(wire.creditedBack),
  };
}

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

/** The receipts and payments as getLoanPayments.php answers them: lempiras, the wire's names. */
export function toWireLoanPayments(history: LoanPayments): LoanPaymentsWire {
  return {
    receipts: history.receipts.map((receipt) => ({
      id: receipt.id,
      sent_at: receipt.sentAt,
      reference: receipt.reference,
      amount: fromCents(receipt.declaredCents),
      state: receipt.state,
      credited: receipt.creditedCents === null ? null : fromCents(receipt.creditedCents),
      reason: receipt.reason,
    })),
    payments: history.payments.map((payment) => ({
      id: payment.id,
      date: payment.businessDate,
      amount: fromCents(payment.amountCents),
      reversed: payment.reversed,
      instalments: payment.instalments.map(({ position, covered }) => ({
        position,
        late_fee: fromCents(covered.lateFee),
        penalty: fromCents(covered.penalty),
        interest: fromCents(covered.charge),
        administrator_fee: fromCents(covered.administratorFee),
        principal: fromCents(covered.amount),
      })),
    })),
  };
}

/** getLoanPayments.php's answer as centavos. */
export function fromWireLoanPayments(wire: LoanPaymentsWire): LoanPayments {
  return {
    receipts: wire.receipts.map((receipt) => ({
      id: receipt.id,
      sentAt: receipt.sent_at,
      reference: receipt.reference,
      declaredCents: toCents(receipt.amount),
      state: receipt.state,
      creditedCents: receipt.credited === null ? null : toCents(receipt.credited),
      reason: receipt.reason,
    })),
    payments: wire.payments.map((payment) => ({
      id: payment.id,
      businessDate: payment.date,
      amountCents: toCents(payment.amount),
      reversed: payment.reversed,
      instalments: payment.instalments.map((item) => ({
        position: item.position,
        covered: {
          lateFee: toCents(item.late_fee),
          penalty: toCents(item.penalty),
          charge: toCents(item.interest),
          administratorFee: toCents(item.administrator_fee),
          amount: toCents(item.principal),
        },
      })),
    })),
  };
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
