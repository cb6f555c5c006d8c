/** Profile edit dialog: housing type. */
import { z } from 'zod';
import { requiredSelect } from './fields.ts';

/** `home_status`: a required select ('Seleccione una opción.'). */
export const profileHousingSchema = z.object({ home_status: requiredSelect() });
