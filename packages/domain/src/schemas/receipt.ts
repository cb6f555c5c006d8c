/** The bank receipt dialog ('Subir Archivo BAC'): amount and reference number; the file is separate. */
import { z } from 'zod';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { fromCents, toCents } from '../money.ts';

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
 * 'Monto a Pagar' (`amount`, lempiras): an amount above 0 (output rounded to the centavo), and
 * 'Número de Referencia' (`reference`): whitespace removed, not empty. The SPEC gives no message for
 * either, so both use 'Campo obligatorio'. (The payment partner calls them `montoPago` and
 * `numReferencia`; that wire is the partner adapter's.)
 */
export const receiptSchema = z.object({
  amount: z.union([z.string(), z.number()], { error: REQUIRED_FIELD_MESSAGE }).transform((value, ctx) => {
    let cents = 0;
    try {
      cents = typeof value === 'string' && value.trim() === '' ? 0 : toCents(value);
    } catch {
      cents = 0;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: REQUIRED_FIELD_MESSAGE, input: value });
      return z.NEVER;
    }
    return fromCents(cents);
  }),
  reference: z
    .string({ error: REQUIRED_FIELD_MESSAGE })
    .transform(cleanReceiptReference)
    .refine((value) => value !== '', { message: REQUIRED_FIELD_MESSAGE }),
});
