/** register.php: the whole stage 1 payload, as the API receives it. */
import { z } from 'zod';
import {
  compareWithCensus,
  type CensusComparisonInput,
  type CensusItem,
  type CensusRecord,
} from '../names.ts';
import {
  emailSchema,
  identityNumberSchema,
  mobilePhoneSchema,
  registrationPasswordSchema,
} from './fields.ts';
import {
  identityCensusRule,
  optionalNameSchema,
  requiredNameSchema,
  type CensusCheckOptions,
} from './registration-identity.ts';
import { birthDateCensusRule, birthDateSchema, registrationGenderSchema } from './registration-personal.ts';

/**
 * The registration (identity number, names, e-mail, gender, password, birth date, phone) with every
 * field rule of the three steps and their census checks.
 */
export function makeRegistrationSchema(options: CensusCheckOptions) {
  return z
    .object({
      identityNumber: identityNumberSchema,
      firstName: requiredNameSchema,
      secondName: optionalNameSchema,
      firstSurname: requiredNameSchema,
      secondSurname: optionalNameSchema,
      email: emailSchema,
      gender: registrationGenderSchema,
      password: registrationPasswordSchema,
      birthDate: birthDateSchema(options.today),
      phone: mobilePhoneSchema,
    })
    .superRefine(...identityCensusRule(options))
    .superRefine(...birthDateCensusRule(options));
}
export type RegistrationPayload = z.output<ReturnType<typeof makeRegistrationSchema>>;

/**
 * The items of a registration that differ from the census record (first name, second name, first
 * surname, second surname, sex, birth date), for the 'Coincidencia encontrada' dialog and for the
 * server's refusal.
 */
export function registrationCensusMismatches(
  registration: CensusComparisonInput,
  census: CensusRecord,
): CensusItem[] {
  return compareWithCensus(registration, census);
}
