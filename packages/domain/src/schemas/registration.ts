/** register.php: the whole stage 1 payload, as the API receives it. */
import { z } from 'zod';
import { compareWithCensus, type CensusItem, type CensusRecord } from '../names.ts';
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
 * The registration payload (UsrDNI, UsrNom1, UsrNom2, UsrApe1, UsrApe2, UsrMail, UsrGen, UsrPwd,
 * UsrFchNac, UsrTel) with every field rule of the three steps and their census checks.
 */
export function makeRegistrationSchema(options: CensusCheckOptions) {
  return z
    .object({
      UsrDNI: identityNumberSchema,
      UsrNom1: requiredNameSchema,
      UsrNom2: optionalNameSchema,
      UsrApe1: requiredNameSchema,
      UsrApe2: optionalNameSchema,
      UsrMail: emailSchema,
      UsrGen: registrationGenderSchema,
      UsrPwd: registrationPasswordSchema,
      UsrFchNac: birthDateSchema(options.today),
      UsrTel: mobilePhoneSchema,
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
  payload: Pick<RegistrationPayload, 'UsrNom1' | 'UsrNom2' | 'UsrApe1' | 'UsrApe2' | 'UsrGen' | 'UsrFchNac'>,
  census: CensusRecord,
): CensusItem[] {
  return compareWithCensus(
    {
      firstName: payload.UsrNom1,
      secondName: payload.UsrNom2,
      firstSurname: payload.UsrApe1,
      secondSurname: payload.UsrApe2,
      gender: payload.UsrGen,
      birthDate: payload.UsrFchNac,
    },
    census,
  );
}
