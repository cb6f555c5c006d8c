import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CensusRecord } from '@prestamos-hn/domain';
import { REPO_ROOT } from './e2e-env';
import type { RegistrationFields } from './legacy-api';

/**
 * The synthetic people of census-e2e.json, the census the e2e server answers with (CENSUS_FIXTURES,
 * playwright.config.ts): a journey names its people by identity number and its own contact data, and
 * takes the names, sex and birth date the census holds, the ones registration must match.
 */

const records = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'e2e/support/census-e2e.json'), 'utf8')) as {
    identities: (CensusRecord & { numero_identidad: string })[];
  }
).identities;

/** A person's identity as the census holds it: names (first, second, surname, second surname), sex, birth date. */
export interface CensusIdentity {
  dni: string;
  names: [string, string, string, string];
  sex: 'M' | 'F';
  birthDate: string;
}

export function censusIdentity(dni: string): CensusIdentity {
  const record = records.find((r) => r.numero_identidad === dni);
  if (!record) throw new Error(`${dni} is not in e2e/support/census-e2e.json`);
  return {
    dni,
    names: [
      record.DES_PRIMER_NOMBRE,
      record.DES_SEGUNDO_NOMBRE,
      record.DES_PRIMER_APELLIDO,
      record.DES_SEGUNDO_APELLIDO,
    ],
    sex: record.COD_SEXO === 1 ? 'M' : 'F',
    birthDate: record.FECHA_NACIMIENTO,
  };
}

/** Stage 1 as register.php receives it, without the password. */
export type CensusPerson = Omit<RegistrationFields, 'UsrPwd'>;

/** The census person `dni` with the journey's own e-mail and phone, as register.php receives them. */
export function censusPerson(dni: string, contact: { UsrMail: string; UsrTel: string }): CensusPerson {
  const { names, sex, birthDate } = censusIdentity(dni);
  const [UsrNom1, UsrNom2, UsrApe1, UsrApe2] = names;
  return { UsrDNI: dni, UsrNom1, UsrNom2, UsrApe1, UsrApe2, UsrGen: sex, UsrFchNac: birthDate, ...contact };
}
