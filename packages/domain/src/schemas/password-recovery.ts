/** The password recovery screen (recovery.php). */
import { z } from 'zod';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { requiredText } from './fields.ts';

/** 'Correo' (`email`) is required. */
export const passwordRecoverySchema = z.object({ email: requiredText(REQUIRED_FIELD_MESSAGE) });
