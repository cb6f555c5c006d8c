/** Profile edit dialog: position in the workplace. */
import { z } from 'zod';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { requiredText } from './fields.ts';

/** `workplace_position`: not empty ('Campo obligatorio'). */
export const profileWorkplacePositionSchema = z.object({
  workplace_position: requiredText(REQUIRED_FIELD_MESSAGE),
});
