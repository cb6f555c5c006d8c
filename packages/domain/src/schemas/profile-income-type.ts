/** Profile edit dialog: income type and business type. */
import { z } from 'zod';
import { requiredSelect } from './fields.ts';
import { businessTypeRule, optionalSelect } from './stage-2.ts';

/** `income_status` required; `business_type` required for merchants ('Seleccione una opción.'). */
export const profileIncomeTypeSchema = z
  .object({ income_status: requiredSelect(), business_type: optionalSelect })
  .superRefine(...businessTypeRule('income_status', 'business_type'));
