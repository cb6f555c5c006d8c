/**
 * Synthetic people of the census (RNP) for tests: the demo identities of the API's census simulator
 * (apps/api/data/census-demo.json), as the census answers them (no EDAD). None of them exists. Not in
 * the package's entry point: tests of every workspace import it as `@prestamos-hn/domain/testing`, and
 * production code never does.
 */
import type { CensusRecord } from '../names.ts';

/** A demo identity: the number asked and the census record answered for it. */
export interface CensusPerson {
  identityNumber: string;
  census: CensusRecord;
}

/** A woman born on 15 March 1990, both names and both surnames. */
export const karla: CensusPerson = {
  identityNumber: '0801199000011',
  census: {
    DES_PRIMER_NOMBRE: 'KARLA',
    DES_SEGUNDO_NOMBRE: 'PATRICIA',
    DES_PRIMER_APELLIDO: 'MARTINEZ',
    DES_SEGUNDO_APELLIDO: 'REYES',
    COD_SEXO: 2,
    FECHA_NACIMIENTO: '1990-03-15',
  },
};

/** A man born on 2 July 1985, with accents in his first name and first surname. */
export const jose: CensusPerson = {
  identityNumber: '0501198500022',
  census: {
    DES_PRIMER_NOMBRE: 'JOSÉ',
    DES_SEGUNDO_NOMBRE: 'ANTONIO',
    DES_PRIMER_APELLIDO: 'HERNÁNDEZ',
    DES_SEGUNDO_APELLIDO: 'CASTRO',
    COD_SEXO: 1,
    FECHA_NACIMIENTO: '1985-07-02',
  },
};
