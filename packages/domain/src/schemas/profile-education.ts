/** Profile edit dialog: education (options from the server list, empty labels excluded). */
import { z } from 'zod';
import { requiredSelect } from './fields.ts';

/** `education`: a required select ('Seleccione una opción.'). */
export const profileEducationSchema = z.object({ education: requiredSelect() });
