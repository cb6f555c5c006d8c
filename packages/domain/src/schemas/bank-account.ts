/** The bank account: loan request step 2 ("change the account") and the profile (putProfile.php). */
import { z } from 'zod';
import { DIGITS_ONLY_MESSAGE } from '../messages.ts';
import { requiredSelect } from './fields.ts';

/** An account number as typed, with hyphens and surrounding spaces stripped. */
export function cleanAccountNumber(raw: string): string {
  return raw.trim().replace(/-/g, '');
}

/**
 * A bank chosen ('Seleccione una opción.') and an account number, hyphens stripped, digits only and
 * not empty ('Solo números.'). Whether the account exists is the server's lookup ('La cuenta ya
 * existe en nuestro sistema.').
 */
export const bankAccountSchema = z.object({
  bank: requiredSelect(),
  account_number: z
    .string({ error: DIGITS_ONLY_MESSAGE })
    .transform(cleanAccountNumber)
    .refine((value) => /^\d+$/.test(value), { message: DIGITS_ONLY_MESSAGE }),
});
