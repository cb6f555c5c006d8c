/** Profile edit dialog: type of dependents (enabled only with dependents). */
import { z } from 'zod';
import { DEPENDENTS_TYPE_OPTIONS } from '../labels.ts';
import { optionSelect } from './fields.ts';

/** `dependents_who`: one of 'Tus hijos', 'Tu pareja', 'Tus padres', 'Tus hermanos', 'No tengo dependientes'. */
export const profileDependentsTypeSchema = z.object({
  dependents_who: optionSelect(DEPENDENTS_TYPE_OPTIONS),
});
