/** Profile edit dialog: monthly income. */
import { z } from 'zod';
import { PROFILE_INCOME_MESSAGE } from '../messages.ts';
import { wholeNumber } from './fields.ts';

/** `income`: digits only, no spaces ('Solo numeros sin espacios'); the output is a number. */
export const profileIncomeSchema = z.object({
  income: z
    .union([z.string(), z.number()], { error: PROFILE_INCOME_MESSAGE })
    .refine((value) => typeof value === 'number' || /^\d+$/.test(value), { message: PROFILE_INCOME_MESSAGE })
    .pipe(wholeNumber(PROFILE_INCOME_MESSAGE, 0)),
});
