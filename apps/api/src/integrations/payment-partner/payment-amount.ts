import type { BankPaymentSubmission } from './types';

/** Integer centavos to the partner's `montoPago`: lempiras with exactly 2 decimals, e.g. 125050 → '1250.50'. */
export function formatPaymentAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('El monto del pago debe ser un número entero de centavos, no negativo.');
  }
  const lempiras = Math.floor(amountCents / 100);
  const cents = amountCents % 100;
  return `${lempiras}.${String(cents).padStart(2, '0')}`;
}

/** Checks what the type cannot: the amount's format and that nothing required is empty. */
export function assertValidSubmission(submission: BankPaymentSubmission): void {
  if (!/^\d+\.\d{2}$/.test(submission.montoPago)) {
    throw new RangeError('El monto del pago debe tener exactamente 2 decimales, por ejemplo 1250.00.');
  }
  if (submission.identificadorPago.trim() === '') {
    throw new RangeError('El pago necesita un identificador.');
  }
  if (submission.fotoComprobante.data.length === 0) {
    throw new RangeError('La foto del comprobante está vacía.');
  }
}
