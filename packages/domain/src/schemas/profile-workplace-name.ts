/** Profile edit dialog: workplace name. */
import { z } from 'zod';
import { WORKPLACE_NAME_MIN_LENGTH } from '../constants.ts';
import { WORKPLACE_NAME_MESSAGE } from '../messages.ts';
import { textField } from './fields.ts';

/** `workplace`: more than 2 characters ('Escriba algo mayor a 2 caracteres.'); trimmed. */
export const profileWorkplaceNameSchema = z.object({
  workplace: textField(
    WORKPLACE_NAME_MESSAGE,
    (value) => value.trim().length >= WORKPLACE_NAME_MIN_LENGTH,
  ).transform((value) => value.trim()),
});
