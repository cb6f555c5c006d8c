import { describe, expect, it } from 'vitest';
import { apiDataDir } from '../../config';
import { findNearestPlace, loadGazetteer } from './gazetteer';
import { createGazetteerGeocoder } from './simulator';

const gazetteer = loadGazetteer(apiDataDir);
const geocoder = createGazetteerGeocoder({ gazetteer });

const distritoCentral = {
  municipalityCode: '0801',
  municipality: 'Distrito Central',
  departmentCode: '08',
  department: 'Francisco Morazán',
  country: 'HN',
};

describe('gazetteer geocoder (offline simulator)', () => {
  it('loads every place, the 18 departments and the 298 municipalities', () => {
    expect(gazetteer.places).toHaveLength(542);
    expect(gazetteer.departments.size).toBe(18);
    expect(gazetteer.municipalities.size).toBe(298);
  });

  it('gives Tegucigalpa for its own point', async () => {
    expect(await geocoder.reverse(14.0818, -87.20681)).toEqual({ city: 'Tegucigalpa', ...distritoCentral });
  });

  it.each([
    ['Comayagüela, which has no point of its own', 14.0833, -87.2167],
    ['colonia Kennedy, nearer the El Tablón village point than the centre', 14.045, -87.175],
    ['the El Lolo village point itself, inside the city', 14.1345, -87.2545],
  ])('gives Tegucigalpa for %s', async (_where, lat, lon) => {
    expect(await geocoder.reverse(lat, lon)).toEqual({ city: 'Tegucigalpa', ...distritoCentral });
  });

  it('gives the village name far from the city, still in Distrito Central', async () => {
    expect(await geocoder.reverse(14.26667, -87.4)).toEqual({ city: 'Zambrano', ...distritoCentral });
  });

  it('keeps a neighbouring municipality apart from the city next to it', async () => {
    expect(await geocoder.reverse(14.1044, -87.1167)).toMatchObject({
      city: 'Santa Lucía',
      municipalityCode: '0823',
    });
    expect(await geocoder.reverse(15.61, -87.95)).toMatchObject({
      city: 'Choloma',
      municipalityCode: '0502',
    });
  });

  it('gives San Pedro Sula for its coordinates, with the department name', async () => {
    expect(await geocoder.reverse(15.50585, -88.02588)).toEqual({
      city: 'San Pedro Sula',
      municipalityCode: '0501',
      municipality: 'San Pedro Sula',
      departmentCode: '05',
      department: 'Cortés',
      country: 'HN',
    });
  });

  it.each(gazetteer.places.filter((place) => place.specCity !== '').map((place) => [place.specCity, place]))(
    'gives the allowed city %s at its own point, in its municipality',
    async (specCity, place) => {
      expect(await geocoder.reverse(place.lat, place.lon)).toMatchObject({
        city: specCity,
        municipalityCode: place.municipalityCode,
      });
    },
  );

  it('drops the GeoNames disambiguation suffix from a place name', async () => {
    expect(await geocoder.reverse(14.86748, -89.1)).toMatchObject({
      city: 'Santa Rita',
      municipalityCode: '0421',
    });
  });

  it.each([
    ['Managua', 12.13, -86.25],
    ['Ciudad de Guatemala', 14.63, -90.51],
    ['the Caribbean far off the coast', 17.5, -84.0],
    ['not a number', Number.NaN, -87.2],
    ['a latitude beyond the pole', 91, -87.2],
  ])('answers null for %s', async (_where, lat, lon) => {
    expect(await geocoder.reverse(lat, lon)).toBeNull();
  });

  it('uses the configured distance limits', async () => {
    // About 370 m from the Zambrano point, which is 27 km from Tegucigalpa's.
    expect(await createGazetteerGeocoder({ gazetteer, maxDistanceKm: 0.3 }).reverse(14.27, -87.4)).toBeNull();
    expect(
      await createGazetteerGeocoder({ gazetteer, maxDistanceKm: 0.5 }).reverse(14.27, -87.4),
    ).not.toBeNull();
    expect(
      await createGazetteerGeocoder({ gazetteer, cityRadiusKm: 30 }).reverse(14.26667, -87.4),
    ).toMatchObject({
      city: 'Tegucigalpa',
    });
  });

  it('finds the nearest place by great-circle distance', () => {
    const nearest = findNearestPlace(gazetteer, 15.50585, -88.02588);
    expect(nearest?.place.placeName).toBe('San Pedro Sula');
    expect(nearest?.km).toBeCloseTo(0, 6);
  });
});
