/** Registration stage 1, step 'Identidad': identity number, names, and their census checks. */
import { z } from 'zod';
import { MINIMUM_AGE_YEARS } from '../constants.ts';
import {
  FIRST_NAME_MISMATCH_MESSAGE,
  FIRST_SURNAME_MISMATCH_MESSAGE,
  IDENTITY_FIRST_MESSAGE,
  NAME_LETTERS_ONLY_MESSAGE,
  NAME_NO_SPACES_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  UNDERAGE_MESSAGE,
} from '../messages.ts';
import { cleanOptionalName, isSameName, stripAccents, type CensusRecord } from '../names.ts';
import { ageInYears, isIsoDate, type IsoDate } from '../time.ts';
import { crossFieldRule, identityNumberSchema } from './fields.ts';

/**
 * First name and first surname: letters only, no spaces ('No se permiten espacios', 'Solo letras
 * sin espacios'); the output is upper case without accents (`José` gives `JOSE`).
 */
export const requiredNameSchema = z
  .string({ error: REQUIRED_FIELD_MESSAGE })
  .superRefine((value, ctx) => {
    const trimmed = value.trim();
    let message: string | null = null;
    if (trimmed === '') message = REQUIRED_FIELD_MESSAGE;
    else if (/\s/.test(trimmed)) message = NAME_NO_SPACES_MESSAGE;
    else if (!/^[A-Z]+$/.test(stripAccents(trimmed).toUpperCase())) message = NAME_LETTERS_ONLY_MESSAGE;
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  })
  .transform((value) => stripAccents(value.trim()).toUpperCase());

/** Second name and second surname: optional, upper case without accents. */
export const optionalNameSchema = z
  .string({ error: REQUIRED_FIELD_MESSAGE })
  .nullish()
  .transform((value) => cleanOptionalName(value ?? ''));

const identityShape = {
  identityNumber: identityNumberSchema,
  firstName: requiredNameSchema,
  secondName: optionalNameSchema,
  firstSurname: requiredNameSchema,
  secondSurname: optionalNameSchema,
};

/** The identity step's format rules only (before any census record is known). */
export const registrationIdentitySchema = z.object(identityShape);
export type RegistrationIdentityInput = z.input<typeof registrationIdentitySchema>;
export type RegistrationIdentity = z.output<typeof registrationIdentitySchema>;

/** What the identity step is checked against: today in Honduras and the census record, if found. */
export type CensusCheckOptions = { today: IsoDate; census: CensusRecord | null };

function isCleanName(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]+$/.test(stripAccents(value.trim()).toUpperCase());
}

function censusAge(census: CensusRecord, today: IsoDate): number | undefined {
  const birth = census.FECHA_NACIMIENTO.slice(0, 10);
  return isIsoDate(birth) ? ageInYears(birth, today) : census.EDAD;
}

/** The census rules of the identity step, shared with the whole registration payload. */
export function identityCensusRule({ today, census }: CensusCheckOptions) {
  return crossFieldRule((fields, report) => {
    if (census === null) {
      if (isCleanName(fields.firstName)) report('firstName', IDENTITY_FIRST_MESSAGE);
      if (isCleanName(fields.firstSurname)) report('firstSurname', IDENTITY_FIRST_MESSAGE);
      return;
    }
    const age = censusAge(census, today);
    if (typeof fields.identityNumber === 'string' && age !== undefined && age < MINIMUM_AGE_YEARS) {
      report('identityNumber', UNDERAGE_MESSAGE);
    }
    if (isCleanName(fields.firstName) && !isSameName(fields.firstName, census.DES_PRIMER_NOMBRE)) {
      report('firstName', FIRST_NAME_MISMATCH_MESSAGE);
    }
    if (isCleanName(fields.firstSurname) && !isSameName(fields.firstSurname, census.DES_PRIMER_APELLIDO)) {
      report('firstSurname', FIRST_SURNAME_MISMATCH_MESSAGE);
    }
  });
}

/**
 * The identity step with its census checks: under 21 ('Debes ser mayor de 21 años para
 * continuar.'), first name and surname matching the census, or 'Debe ingresar primero un número de
 * identidad válido.' while no census record is known.
 */
export function makeRegistrationIdentitySchema(options: CensusCheckOptions) {
  return registrationIdentitySchema.superRefine(...identityCensusRule(options));
}
