import { describe, expect, it } from 'vitest';
import { juticalpaFixture, tegucigalpaFixture } from '../../../testing/location-fixtures';
import { positionFailureOf } from '../api/post-location';
import { locationLabel, locationMessage } from './location-message';

describe('locationMessage', () => {
  it('says nothing in an allowed city', () => {
    expect(locationMessage({ answer: tegucigalpaFixture }, 'Préstamos HN')).toBeNull();
  });

  it('names the city where the option is not available', () => {
    expect(locationMessage({ answer: juticalpaFixture }, 'Préstamos HN')).toEqual({
      text: 'Lo sentimos, esta opción no está disponible en Juticalpa',
      hasSeeMore: false,
    });
    expect(
      locationMessage({ answer: { city: null, municipality: null, department: null, allowed: false } }, 'X'),
    ).toEqual({ text: 'Lo sentimos, esta opción no está disponible en tu ubicación', hasSeeMore: false });
  });

  it('asks for the permission, with the brand and "Ver más", when it was refused', () => {
    expect(locationMessage({ failure: 'denied' }, 'Préstamos HN')).toEqual({
      text: 'Para continuar con el proceso de solicitud de préstamo en Préstamos HN App, es necesario que el navegador acceda a tu ubicación en tu celular.',
      hasSeeMore: true,
    });
  });

  it('words the other failures as SPEC section 8 does', () => {
    expect(locationMessage({ failure: 'unavailable' }, 'X')?.text).toBe(
      'Lo sentimos es necesario que el navegador acceda a tu ubicación en tu celular.',
    );
    expect(locationMessage({ failure: 'lookup' }, 'X')?.text).toBe(
      'Error al obtener la ubicación. Por favor, inténtalo de nuevo más tarde.',
    );
  });
});

describe('positionFailureOf and a position not found', () => {
  it('reads only PERMISSION_DENIED as a refusal; POSITION_UNAVAILABLE and TIMEOUT can be retried', () => {
    expect(positionFailureOf({ code: 1 })).toBe('denied');
    expect(positionFailureOf({ code: 2 })).toBe('no-position');
    expect(positionFailureOf({ code: 3 })).toBe('no-position');
  });

  it("says 'No pudimos obtener tu ubicación' with a retry, unlike a refusal or an out-of-zone city", () => {
    expect(locationMessage({ failure: 'no-position' }, 'X')).toEqual({
      text: 'No pudimos obtener tu ubicación',
      hasSeeMore: false,
      canRetry: true,
    });
    expect(locationMessage({ failure: 'denied' }, 'X')?.canRetry).toBeUndefined();
    expect(locationMessage({ answer: juticalpaFixture }, 'X')?.canRetry).toBeUndefined();
  });
});

describe('locationLabel', () => {
  it('joins city and department, without repeating a name', () => {
    expect(locationLabel(tegucigalpaFixture)).toBe('Tegucigalpa, Francisco Morazán');
    expect(locationLabel({ ...juticalpaFixture, department: 'Juticalpa' })).toBe('Juticalpa');
    expect(locationLabel({ city: null, municipality: null, department: null, allowed: false })).toBeNull();
  });
});
