/**
 * SPEC sections 4 and 5: how names are cleaned, and how registration data is compared with the
 * census record (RNP) ignoring accents, case and spaces.
 */
import type { RegistrationGender } from './labels.ts';
import {
  CONNECTION_ERROR_MESSAGE,
  IDENTITY_CHECK_ERROR_MESSAGE,
  IDENTITY_NOT_FOUND_MESSAGE,
  UNDERAGE_MESSAGE,
} from './messages.ts';
import { MINIMUM_AGE_YEARS } from './constants.ts';

/** A census record as `validardatoscenso.php` reads it. */
export type CensusRecord = {
  DES_PRIMER_NOMBRE: string;
  DES_SEGUNDO_NOMBRE: string;
  DES_PRIMER_APELLIDO: string;
  DES_SEGUNDO_APELLIDO: string;
  /** 1 male, 2 female. */
  COD_SEXO: 1 | 2;
  FECHA_NACIMIENTO: string;
  /** Age in years, when the census sends it. */
  EDAD?: number;
};

/** Removes accents and other combining marks (`José Ñúñez` gives `Jose Nunez`). */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** First name and first surname: accents and spaces removed, upper case, A-Z only. */
export function cleanRequiredName(raw: string): string {
  return stripAccents(raw)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/** Second name and second surname: upper case without accents (inner spaces kept, single). */
export function cleanOptionalName(raw: string): string {
  return stripAccents(raw).toUpperCase().replace(/\s+/g, ' ').trim();
}

/** A name as the census comparison sees it: no accents, no case, no spaces. */
export function normalizeNameForComparison(name: string | null | undefined): string {
  return stripAccents(name ?? '')
    .toUpperCase()
    .replace(/\s+/g, '');
}

/** Whether two names are the same, ignoring accents, case and spaces. */
export function isSameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return normalizeNameForComparison(a) === normalizeNameForComparison(b);
}

/** The census sex code for the registration form's gender (`M` Hombre is 1, `F` Mujer is 2). */
export function censusSexCode(gender: RegistrationGender): 1 | 2 {
  return gender === 'M' ? 1 : 2;
}

/** What the person entered, compared with the census. */
export type CensusComparisonInput = {
  firstName: string;
  secondName?: string | null;
  firstSurname: string;
  secondSurname?: string | null;
  gender: RegistrationGender;
  birthDate: string;
};

/** The items the mismatch dialog lists, in its order. */
export const CENSUS_ITEMS = [
  'firstName',
  'secondName',
  'firstSurname',
  'secondSurname',
  'sex',
  'birthDate',
] as const;
export type CensusItem = (typeof CENSUS_ITEMS)[number];

/** The items that do not match the census record, in the dialog's order (empty when all match). */
export function compareWithCensus(entered: CensusComparisonInput, census: CensusRecord): CensusItem[] {
  const matches: Record<CensusItem, boolean> = {
    firstName: isSameName(entered.firstName, census.DES_PRIMER_NOMBRE),
    secondName: isSameName(entered.secondName, census.DES_SEGUNDO_NOMBRE),
    firstSurname: isSameName(entered.firstSurname, census.DES_PRIMER_APELLIDO),
    secondSurname: isSameName(entered.secondSurname, census.DES_SEGUNDO_APELLIDO),
    sex: censusSexCode(entered.gender) === Number(census.COD_SEXO),
    birthDate: entered.birthDate === census.FECHA_NACIMIENTO.slice(0, 10),
  };
  return CENSUS_ITEMS.filter((item) => !matches[item]);
}

/**
 * The status of a census answer that says our own hourly ceiling was reached (issue 32 point 2): its
 * message says when to try again, and the identity field shows it.
 */
export const CENSUS_BUSY_STATUS = 'busy';

/**
 * The outcome of an identity lookup: the census status with the age (and, for CENSUS_BUSY_STATUS,
 * the server's message), or a network failure.
 */
export type CensusLookupOutcome = { status: string; age?: number; message?: string } | { networkError: true };

/**
 * The identity field's message after a census lookup, or null when the person may go on:
 * under 21, not found, our ceiling reached (its message), any other status, or a network failure.
 */
export function censusLookupMessage(outcome: CensusLookupOutcome): string | null {
  if ('networkError' in outcome) return CONNECTION_ERROR_MESSAGE;
  if (outcome.status === 'not_found') return IDENTITY_NOT_FOUND_MESSAGE;
  if (outcome.status === CENSUS_BUSY_STATUS && outcome.message) return outcome.message;
  if (outcome.status !== 'success') return IDENTITY_CHECK_ERROR_MESSAGE;
  if (outcome.age !== undefined && outcome.age < MINIMUM_AGE_YEARS) return UNDERAGE_MESSAGE;
  return null;
}
