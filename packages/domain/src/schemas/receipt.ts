/** The bank receipt dialog ('Subir Archivo BAC'): amount and reference number; the file is separate. */
import { z } from 'zod';
import { readAmount } from '../amount-reading.ts';
import { AMOUNT_NOT_A_NUMBER_MESSAGE, REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { fromCents } from '../money.ts';

/** The reference number with every whitespace removed. */
export function cleanReceiptReference(raw: string): string {
  return raw.replace(/\s/g, '');
}

/** The duplicate check's key, `customerId_loanId_reference` (getPagosReference.php's `referencia`). */
export function receiptReferenceKey(
  customerId: number | string,
  loanId: number | string,
  reference: string,
): string {
  return `${customerId}_${loanId}_${cleanReceiptReference(reference)}`;
}

/**
 * 'Monto a Pagar' (`amount`, lempiras): an amount above 0 as people write it ('1,500', 'L 1,500.50';
 * else 'Escribe solo números'), and 'Número de Referencia' (`reference`): whitespace removed, not
 * empty. The SPEC gives no message for either, so a missing one says 'Campo obligatorio'. (The payment partner calls them `montoPago` and
 * `numReferencia`; that wire is the partner adapter's.)
 */
export const receiptSchema = z.object({
  amount: z.union([z.string(), z.number()], { error: REQUIRED_FIELD_MESSAGE }).transform((value, ctx) => {
    const isEmpty = typeof value === 'string' && value.trim() === '';
    const reading = readAmount(value);
    if (!reading.ok || reading.cents <= 0) {
      const message = reading.ok || isEmpty ? REQUIRED_FIELD_MESSAGE : AMOUNT_NOT_A_NUMBER_MESSAGE;
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return fromCents(reading.cents);
  }),
  reference: z
    .string({ error: REQUIRED_FIELD_MESSAGE })
    .transform(cleanReceiptReference)
    .refine((value) => value !== '', { message: REQUIRED_FIELD_MESSAGE }),
});
