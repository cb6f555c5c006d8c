import { fromCents, toCents } from '@prestamos-hn/domain';
import type { LoanPayments, LoanPaymentsWire, PayoffQuoteWire, PayoffSummary } from './payments.ts';

// The payment calls' messages and the functions that map their payloads to and from the domain's
// types, without zod: screens import these and not the calls' schemas (issue 33). ./payments.ts
// re-exports them.

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
