/** Profile edit dialog: monthly income. */
import { z } from 'zod';
import { PROFILE_INCOME_MESSAGE } from '../messages.ts';
import { wholeAmount } from './fields.ts';

/**
 * `income`: a whole amount as people write it ('15,000', 'L 15,000'), else the SPEC's 'Solo numeros
 * sin espacios'; the output is a number.
 */
export const profileIncomeSchema = z.object({
  income: wholeAmount(PROFILE_INCOME_MESSAGE, 0),
});
