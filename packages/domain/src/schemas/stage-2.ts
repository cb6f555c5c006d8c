/** register2.php: registration stage 2 ('Completar registro'). */
import { z } from 'zod';
import {
  DEPENDENTS_MAX,
  DEPENDENTS_MIN,
  MONTHLY_INCOME_MIN,
  REGISTRATION_WORK_START_MAX_YEARS,
} from '../constants.ts';
import { INCOME_TYPES } from '../labels.ts';
import { ADD_A_NUMBER_MESSAGE, DIGITS_ONLY_MESSAGE, SELECT_AN_OPTION_MESSAGE } from '../messages.ts';
import type { IsoDate } from '../time.ts';
import {
  crossFieldRule,
  dateYearsAgo,
  requiredSelect,
  textField,
  wholeAmount,
  wholeNumber,
} from './fields.ts';

/** Whether an income type is the merchants' one, which also needs a business type. */
export function isMerchant(incomeType: unknown): boolean {
  return incomeType === INCOME_TYPES.merchant;
}

/** A business type is required only for merchants ('Seleccione una opción.'). */
export function businessTypeRule(incomeField: string, businessField: string) {
  return crossFieldRule((fields, report) => {
    const business = fields[businessField];
    const chosen = (typeof business === 'string' && business.trim() !== '') || typeof business === 'number';
    if (isMerchant(fields[incomeField]) && !chosen) report(businessField, SELECT_AN_OPTION_MESSAGE);
  });
}

/** An optional select (output: its code as text, or an empty text). */
export const optionalSelect = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

/** A bank account number: digits only ('Solo números.'). */
export const accountNumberSchema = textField(DIGITS_ONLY_MESSAGE, (value) => /^\d+$/.test(value));

/** The number of dependents, 0 to 10 ('Agregue un número.'). */
export const dependentsSchema = wholeNumber(ADD_A_NUMBER_MESSAGE, DEPENDENTS_MIN, DEPENDENTS_MAX);

/** Monthly income: a whole amount of at least 1, as people write it ('15,000'), else 'Agregue un número.'. */
export const monthlyIncomeSchema = wholeAmount(ADD_A_NUMBER_MESSAGE, MONTHLY_INCOME_MIN);

/**
 * The profile fields stage 2 fills, under their profile names: bank, housing, income type and
 * marital status are required selects; the business type too for merchants; the account number is
 * digits only; dependents 0 to 10; income a whole number from 1; the work start date between 20
 * years ago and today.
 */
export function makeStage2Schema({ today }: { today: IsoDate }) {
  return z
    .object({
      bank: requiredSelect(),
      account_number: accountNumberSchema,
      marital_status: requiredSelect(),
      income_status: requiredSelect(),
      home_status: requiredSelect(),
      dependents: dependentsSchema,
      income: monthlyIncomeSchema,
      work_experience: dateYearsAgo(today, 0, REGISTRATION_WORK_START_MAX_YEARS),
      business_type: optionalSelect,
    })
    .superRefine(...businessTypeRule('income_status', 'business_type'));
}
export type Stage2Payload = z.output<ReturnType<typeof makeStage2Schema>>;
