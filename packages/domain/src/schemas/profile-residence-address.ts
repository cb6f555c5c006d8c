/** Profile edit dialog: residence address. */
import { z } from 'zod';
import { WRITE_SOMETHING_MESSAGE } from '../messages.ts';
import { requiredSelect, requiredText } from './fields.ts';

/**
 * Department, municipality and neighbourhood from the cascading lists ('Seleccione una opción.');
 * house number and reference not empty ('Escriba algo'). `address_referece` is the legacy spelling.
 */
export const profileResidenceAddressSchema = z.object({
  region: requiredSelect(),
  county: requiredSelect(),
  city: requiredSelect(),
  house: requiredText(WRITE_SOMETHING_MESSAGE),
  address_referece: requiredText(WRITE_SOMETHING_MESSAGE),
});
