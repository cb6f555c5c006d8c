// The payment calls' answers and messages, without zod: screens import these and not the calls'
// schemas (issue 33).

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
