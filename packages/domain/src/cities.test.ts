import { describe, expect, it } from 'vitest';
import { ALLOWED_CITIES, isAllowedCity, normalizePlaceName } from './cities.ts';

describe('isAllowedCity', () => {
  it.each([...ALLOWED_CITIES])('allows %s', (city) => {
    expect(isAllowedCity(city)).toBe(true);
  });

  it.each([
    'Progreso',
    'progreso',
    'EL PROGRESO',
    'Danli',
    'DANLÍ',
    'danli',
    'Comayaguela',
    'COMAYAGÜELA',
    'Valle de Ángeles',
    'valle de angeles',
    'Puerto Cortes',
    'Santa Rosa de Copan',
    'Roatan',
    'san pedro sula',
    '  San  Pedro   Sula ',
    'la ceiba',
    'FRENCH HARBOUR',
  ])('allows the variant %j', (city) => {
    expect(isAllowedCity(city)).toBe(true);
  });

  it.each([
    'Juticalpa',
    'Olanchito',
    'Tela',
    'Santa Bárbara',
    'Trujillo',
    'Catacamas',
    'Distrito Central',
    'Tegucigalpa, Honduras',
    'San Pedro',
    'Ceiba',
    'Lima',
    '',
  ])('refuses %j', (city) => {
    expect(isAllowedCity(city)).toBe(false);
  });

  it('lists the twenty cities of the SPEC', () => {
    expect(ALLOWED_CITIES).toHaveLength(20);
  });

  it('normalises case, accents and spaces', () => {
    expect(normalizePlaceName('  Santa Rosa de  Copán ')).toBe('santa rosa de copan');
  });
});
