/** Profile edit dialog: names. */
import { z } from 'zod';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { cleanOptionalName } from '../names.ts';
import { requiredText } from './fields.ts';
import { optionalNameSchema, requiredNameSchema } from './registration-identity.ts';

/**
 * First name letters only (as at registration), first surname required; all four upper case
 * without accents. `realname` is the first name, `midname` the second name, `surname` the first
 * surname and `midname2` the second surname.
 */
export const profileNamesSchema = z.object({
  realname: requiredNameSchema,
  midname: optionalNameSchema,
  surname: requiredText(REQUIRED_FIELD_MESSAGE).transform(cleanOptionalName),
  midname2: optionalNameSchema,
});
