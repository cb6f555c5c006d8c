import { lempirasText, paymentSplitText, type PaymentSplit } from '@prestamos-hn/domain';

/**
 * What the borrower is told about their receipts and payments (in-app notification, and SMS where
 * the caller asks), in the product's Spanish with "tú". Amounts are centavos, formatted here.
 */
export const paymentNotices = {
  /** A cashier validated the receipt; `appliesLater` when it came after the payment hours. */
  validated: (reference: string, receivedCents: number, declaredCents: number, appliesLater: boolean) => ({
    title: 'Validamos tu comprobante',
    body:
      `Validamos tu comprobante con referencia ${reference} por ${lempirasText(receivedCents)}` +
      (receivedCents === declaredCents ? '.' : ` (indicaste ${lempirasText(declaredCents)}).`) +
      (appliesLater ? ' Lo aplicaremos a tus cuotas mañana a partir de las 8:00 a. m.' : ''),
  }),
  rejected: (reference: string, declaredCents: number, reason: string) => ({
    title: 'Tu comprobante no fue aceptado',
    body: `Revisamos tu comprobante con referencia ${reference} por ${lempirasText(declaredCents)} y no pudimos aceptarlo. Motivo: ${reason}`,
  }),
  /** Money applied to instalments: how it was split and what is still owed. */
  applied: (appliedCents: number, split: PaymentSplit, remainingCents: number, loanPaid: boolean) => ({
    title: loanPaid ? '¡Terminaste de pagar tu préstamo!' : 'Aplicamos tu pago',
    body:
      `Aplicamos ${lempirasText(appliedCents)} a tu préstamo: ${paymentSplitText(split)}. ` +
      `Saldo pendiente: ${lempirasText(remainingCents)}.` +
      (loanPaid ? ' Tu préstamo quedó pagado. ¡Gracias!' : ''),
  }),
};

/** Refusals of the cashier's desk (409s, 404s and 400s with a Spanish message). */
export const receiptStaffMessages = {
  receiptNotFound: 'No encontramos ese comprobante.',
  borrowerNotFound: 'No encontramos a ese cliente.',
  otherCashierDecided: 'Otro cajero ya decidió sobre este comprobante.',
  amountRequired: 'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).',
  amountTooLarge: 'El monto recibido no puede ser mayor a L 1,000,000.00.',
  reasonRequired: 'Escribe el motivo del rechazo: el cliente lo leerá.',
  reasonTooLong: 'El motivo del rechazo no puede tener más de 500 caracteres.',
  photoMissing: 'No encontramos la foto de este comprobante en el almacenamiento.',
  valueDateInvalid: 'Escribe la fecha del depósito como aparece en el comprobante (AAAA-MM-DD).',
  valueDateFuture: 'La fecha del depósito no puede ser posterior a hoy.',
  valueDateAfterSent:
    'La fecha del depósito no puede ser posterior al día en que el cliente envió el comprobante.',
  valueDateBeforeDisbursement: (disbursedOn: string) =>
    `La fecha del depósito no puede ser anterior al desembolso del préstamo (${disbursedOn}).`,
  loanNotPayable: (statusLabel: string) =>
    `Este préstamo ya no recibe pagos (estado «${statusLabel}»). Rechaza el comprobante con un motivo para el cliente.`,
} as const;

/** The borrower's notice of a reversed payment (issue 31 point 4), in-app and by SMS. */
export const reversalNotice = (reference: string, receivedCents: number, reason: string) => ({
  title: 'Revertimos un pago',
  body:
    `Revertimos tu pago de ${lempirasText(receivedCents)} con referencia ${reference}. Motivo: ${reason} ` +
    'Tu plan de pagos se actualizó; si tienes dudas, escríbenos por el chat.',
});

/** Refusals of a receipt's reversal (409s and 400s, Spanish). */
export const reversalMessages = {
  alreadyReversed: 'Este comprobante ya fue revertido.',
  notValidated: 'Solo se puede revertir un comprobante validado.',
  moneyLeft:
    'No se puede revertir: parte de este dinero ya se devolvió al cliente o se pasó a otro préstamo.',
  reasonRequired: 'Escribe el motivo de la reversión: el cliente lo leerá.',
  reasonTooLong: 'El motivo de la reversión no puede tener más de 500 caracteres.',
} as const;
