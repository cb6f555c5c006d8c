import { describe, expect, it } from 'vitest';
import {
  censusLookupMessage,
  cleanOptionalName,
  cleanRequiredName,
  compareWithCensus,
  isSameName,
  stripAccents,
  type CensusComparisonInput,
  type CensusLookupOutcome,
} from './names.ts';
import { jose } from './testing/census-people.ts';

describe('cleanRequiredName (first name, first surname)', () => {
  it.each([
    ['José', 'JOSE'],
    ['maría josé', 'MARIAJOSE'],
    ['Núñez', 'NUNEZ'],
    ['Zúniga', 'ZUNIGA'],
    ["O'Neil-2", 'ONEIL'],
    ['  ana ', 'ANA'],
    ['Müller', 'MULLER'],
    ['', ''],
  ])('%j becomes %j', (raw, clean) => {
    expect(cleanRequiredName(raw)).toBe(clean);
  });
});

describe('cleanOptionalName (second name, second surname)', () => {
  it.each([
    ['maría', 'MARIA'],
    ['de los ángeles', 'DE LOS ANGELES'],
    ['  del   Carmen ', 'DEL CARMEN'],
    ['', ''],
  ])('%j becomes %j', (raw, clean) => {
    expect(cleanOptionalName(raw)).toBe(clean);
  });
});

describe('name comparison', () => {
  it.each<[string | null | undefined, string | null | undefined, boolean]>([
    ['JOSE', 'JOSÉ', true],
    ['jose', 'JOSÉ', true],
    ['MARIA JOSE', 'MARÍAJOSÉ', true],
    ['', null, true],
    [undefined, '', true],
    ['ANA', 'ANNA', false],
    ['', 'MARIA', false],
  ])('%j and %j are the same: %s', (a, b, same) => {
    expect(isSameName(a, b)).toBe(same);
  });

  it('strips accents', () => {
    expect(stripAccents('Ñandú Comayagüela')).toBe('Nandu Comayaguela');
  });
});

describe('compareWithCensus', () => {
  const census = jose.census;
  const entered: CensusComparisonInput = {
    firstName: 'JOSE',
    secondName: 'antonio',
    firstSurname: 'Hernandez',
    secondSurname: 'CASTRO',
    gender: 'M',
    birthDate: '1985-07-02',
  };

  it.each<[string, Partial<CensusComparisonInput>, string[]]>([
    ['all matching, accents and case ignored', {}, []],
    ['a wrong first name', { firstName: 'JUAN' }, ['firstName']],
    ['a missing second name', { secondName: '' }, ['secondName']],
    ['a wrong first surname', { firstSurname: 'LOPEZ' }, ['firstSurname']],
    ['a missing second surname', { secondSurname: null }, ['secondSurname']],
    ['the other sex', { gender: 'F' }, ['sex']],
    ['another birth date', { birthDate: '1985-07-03' }, ['birthDate']],
    [
      'everything wrong',
      {
        firstName: 'A',
        secondName: 'B',
        firstSurname: 'C',
        secondSurname: 'D',
        gender: 'F',
        birthDate: '2000-01-01',
      },
      ['firstName', 'secondName', 'firstSurname', 'secondSurname', 'sex', 'birthDate'],
    ],
  ])('%s', (_, change, mismatches) => {
    expect(compareWithCensus({ ...entered, ...change }, census)).toEqual(mismatches);
  });

  it('accepts an empty second name when the census has none', () => {
    expect(
      compareWithCensus(
        { ...entered, secondName: undefined },
        { ...census, DES_SEGUNDO_NOMBRE: '', FECHA_NACIMIENTO: '1985-07-02T00:00:00' },
      ),
    ).toEqual([]);
  });

  it('matches a woman (F, census 2)', () => {
    expect(compareWithCensus({ ...entered, gender: 'F' }, { ...census, COD_SEXO: 2 })).toEqual([]);
  });
});

describe('censusLookupMessage', () => {
  it.each<[CensusLookupOutcome, string | null]>([
    [{ status: 'success', age: 30 }, null],
    [{ status: 'success', age: 21 }, null],
    [{ status: 'success', age: 20 }, 'Debes ser mayor de 21 años para continuar.'],
    [{ status: 'not_found' }, 'Por favor, ingrese un número de identidad válido.'],
    [{ status: 'error' }, 'Ocurrió un error al validar la identidad.'],
    [{ status: 'error', message: 'Registry down' }, 'Ocurrió un error al validar la identidad.'],
    [{ status: 'busy', message: 'Intenta de nuevo en 7 minutos.' }, 'Intenta de nuevo en 7 minutos.'],
    [{ status: 'busy' }, 'Ocurrió un error al validar la identidad.'],
    [{ networkError: true }, 'Error de conexión. Intente más tarde.'],
  ])('%j gives %j', (outcome, message) => {
    expect(censusLookupMessage(outcome)).toBe(message);
  });
});
