/** Profile edit dialog: number of dependents. */
import { z } from 'zod';
import { dependentsSchema } from './stage-2.ts';

/** `dependents`: 0 to 10 ('Agregue un número.'). */
export const profileDependentsSchema = z.object({ dependents: dependentsSchema });
