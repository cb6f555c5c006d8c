/** Profile edit dialog: work address. */
import { z } from 'zod';
import { WRITE_SOMETHING_MESSAGE } from '../messages.ts';
import { requiredSelect, requiredText } from './fields.ts';

/** Work department, municipality and neighbourhood from the lists; the work reference not empty. */
export const profileWorkAddressSchema = z.object({
  work_region: requiredSelect(),
  work_county: requiredSelect(),
  work_city: requiredSelect(),
  workplace_address: requiredText(WRITE_SOMETHING_MESSAGE),
});
