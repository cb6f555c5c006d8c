/** Profile edit dialog: marital status. */
import { z } from 'zod';
import { requiredSelect } from './fields.ts';

/** `marital_status`: a required select ('Seleccione una opción.'). */
export const profileMaritalStatusSchema = z.object({ marital_status: requiredSelect() });
