/** Registration stage 1, step 'Datos personales': e-mail, gender, birth date, phone and SMS code. */
import { z } from 'zod';
import { MAXIMUM_AGE_YEARS, MINIMUM_AGE_YEARS, SMS_CODE_LENGTH } from '../constants.ts';
import { BIRTH_DATE_MISMATCH_MESSAGE, REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { isIsoDate, type IsoDate } from '../time.ts';
import { crossFieldRule, dateYearsAgo, emailSchema, exactCodeSchema, mobilePhoneSchema } from './fields.ts';
import type { CensusCheckOptions } from './registration-identity.ts';

/** Gender on the form: M (Hombre) or F (Mujer). */
export const registrationGenderSchema = z.enum(['M', 'F'], { error: REQUIRED_FIELD_MESSAGE });

/** A birth date 21 to 80 years before today ('Campo obligatorio' otherwise). */
export function birthDateSchema(today: IsoDate) {
  return dateYearsAgo(today, MINIMUM_AGE_YEARS, MAXIMUM_AGE_YEARS);
}

/** The census rule of the birth date: it must equal the census date. */
export function birthDateCensusRule({ census }: Pick<CensusCheckOptions, 'census'>) {
  return crossFieldRule((fields, report) => {
    if (census === null || typeof fields.birthDate !== 'string' || !isIsoDate(fields.birthDate)) return;
    if (fields.birthDate !== census.FECHA_NACIMIENTO.slice(0, 10))
      report('birthDate', BIRTH_DATE_MISMATCH_MESSAGE);
  });
}

/**
 * The personal-data step: e-mail ('Ingrese un correo válido', 'El correo solo puede contener una
 * arroba (@)'), gender, birth date ('La fecha no coincide con el DNI ingresado.' against the
 * census), phone ('Faltan N dígitos.', 'Máximo 8 dígitos.') and the 6-character SMS code that
 * otp_cmp.php confirms. A gender that differs from the census is not a field
 * error: the submit's mismatch dialog lists it (see `registrationCensusMismatches`).
 */
export function makeRegistrationPersonalSchema(options: CensusCheckOptions) {
  return z
    .object({
      email: emailSchema,
      gender: registrationGenderSchema,
      birthDate: birthDateSchema(options.today),
      phone: mobilePhoneSchema,
      code: exactCodeSchema(SMS_CODE_LENGTH),
    })
    .superRefine(...birthDateCensusRule(options));
}
