import { beforeEach, describe, expect, it } from 'vitest';
import { apiDataDir } from '../../config';
import { IntegrationError } from '../shared/integration-error';
import { json, neverAnswer, partnerServerPerTest } from '../shared/partner-server';
import { fakeLimiterClock } from '../shared/fake-limiter-clock';
import { loadGazetteer } from './gazetteer';
import { createNominatimGeocoder } from './http';

const gazetteer = loadGazetteer(apiDataDir);
const userAgent = 'prestamos-hn/0.3.1 (+https://prestamos.example)';

const tegucigalpaAnswer = {
  place_id: 1,
  lat: '14.0818',
  lon: '-87.2068',
  display_name: 'Tegucigalpa, Francisco Morazán, Honduras',
  address: {
    suburb: 'Colonia Palmira',
    city: 'Tegucigalpa',
    state: 'Francisco Morazán',
    'ISO3166-2-lvl4': 'HN-FM',
    country: 'Honduras',
    country_code: 'hn',
  },
};

describe('Nominatim geocoder', () => {
  const partner = partnerServerPerTest(json(200, tegucigalpaAnswer));
  let clock: ReturnType<typeof fakeLimiterClock>;
  beforeEach(() => {
    clock = fakeLimiterClock();
  });

  const geocoder = (extra: { timeoutMs?: number; cacheSize?: number } = {}) =>
    createNominatimGeocoder({ url: `${partner.baseUrl}/nominatim/`, userAgent, gazetteer, clock, ...extra });

  it('sends a jsonv2 reverse request in Spanish, with rounded coordinates and the User-Agent', async () => {
    await geocoder().reverse(14.081812, -87.206812);
    const [request] = partner.received;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/nominatim/reverse?format=jsonv2&lat=14.082&lon=-87.207&accept-language=es');
    expect(request?.headers['user-agent']).toBe(userAgent);
  });

  it('maps the city and finds the municipality by name, with INE codes', async () => {
    expect(await geocoder().reverse(14.0818, -87.2068)).toEqual({
      city: 'Tegucigalpa',
      municipalityCode: '0801',
      municipality: 'Distrito Central',
      departmentCode: '08',
      department: 'Francisco Morazán',
      country: 'HN',
    });
  });

  it('uses the department to tell apart municipalities with the same name', async () => {
    partner.answer(
      json(200, {
        address: { town: 'Santa Rita', state: 'Yoro', 'ISO3166-2-lvl4': 'HN-YO', country_code: 'hn' },
      }),
    );
    expect(await geocoder().reverse(15.2, -87.88333)).toMatchObject({
      city: 'Santa Rita',
      municipalityCode: '1808',
      departmentCode: '18',
      department: 'Yoro',
    });
  });

  it('prefers the county to a town name and understands "Municipio de"', async () => {
    // Choloma is also a municipality of Cortés, 25 km from this point.
    partner.answer(
      json(200, {
        address: {
          village: 'Choloma',
          county: 'Municipio de San Pedro Sula',
          state: 'Cortés',
          country_code: 'hn',
        },
      }),
    );
    expect(await geocoder().reverse(15.4, -88.15)).toMatchObject({
      city: 'Choloma',
      municipalityCode: '0501',
      department: 'Cortés',
    });
  });

  it('takes the nearest gazetteer place of the department when no name matches a municipality', async () => {
    partner.answer(
      json(200, { address: { village: 'El Lolo', 'ISO3166-2-lvl4': 'HN-FM', country_code: 'hn' } }),
    );
    expect(await geocoder().reverse(14.1345, -87.2545)).toMatchObject({
      city: 'El Lolo',
      municipalityCode: '0801',
    });
  });

  it('does not trust a town name that belongs to a faraway municipality', async () => {
    // "Yoro" is a municipality 150 km away; the point is in Tegucigalpa and the answer names no department.
    partner.answer(json(200, { address: { village: 'Yoro', country_code: 'hn' } }));
    expect(await geocoder().reverse(14.0818, -87.2068)).toMatchObject({ municipalityCode: '0801' });
  });

  it('falls back to the gazetteer city when the answer has no city, town or village', async () => {
    partner.answer(
      json(200, { address: { suburb: 'Kennedy', state: 'Francisco Morazán', country_code: 'hn' } }),
    );
    expect(await geocoder().reverse(14.045, -87.175)).toMatchObject({
      city: 'Tegucigalpa',
      municipalityCode: '0801',
    });
  });

  it.each([
    ['another country', json(200, { address: { city: 'Managua', country_code: 'ni' } })],
    ['"Unable to geocode"', json(200, { error: 'Unable to geocode' })],
    ['an answer without address', json(200, { place_id: 3 })],
  ])('answers null for %s', async (_case, handler) => {
    partner.answer(handler);
    expect(await geocoder().reverse(12.13, -86.25)).toBeNull();
  });

  it('answers null without a request for coordinates that are not valid', async () => {
    expect(await geocoder().reverse(Number.NaN, 0)).toBeNull();
    expect(partner.received).toHaveLength(0);
  });

  it('caches by coordinates rounded to 3 decimals, null answers included', async () => {
    const cached = geocoder();
    await cached.reverse(14.0818, -87.2068);
    await cached.reverse(14.08204, -87.20701);
    expect(partner.received).toHaveLength(1);
    await cached.reverse(14.0838, -87.2068);
    expect(partner.received).toHaveLength(2);

    partner.answer(json(200, { error: 'Unable to geocode' }));
    expect(await cached.reverse(17.5, -84)).toBeNull();
    expect(await cached.reverse(17.5, -84)).toBeNull();
    expect(partner.received).toHaveLength(3);
  });

  it('forgets the least recently used coordinates beyond its cache size', async () => {
    const small = geocoder({ cacheSize: 1 });
    await small.reverse(14.0818, -87.2068);
    await small.reverse(15.5, -88.0);
    await small.reverse(14.0818, -87.2068);
    expect(partner.received).toHaveLength(3);
  });

  it('hands out copies, so a caller cannot change the cached place', async () => {
    const cached = geocoder();
    const first = await cached.reverse(14.0818, -87.2068);
    if (first) first.city = 'Otra';
    expect((await cached.reverse(14.0818, -87.2068))?.city).toBe('Tegucigalpa');
  });

  it('sends at most one request per second, one at a time, and shares a request for the same point', async () => {
    const limited = geocoder();
    await Promise.all([
      limited.reverse(14.0818, -87.2068),
      limited.reverse(14.0818, -87.2068),
      limited.reverse(15.5, -88.0),
      limited.reverse(15.6, -88.0),
    ]);
    expect(partner.received.map((r) => new URL(r.url, 'http://x').searchParams.get('lat'))).toEqual([
      '14.082',
      '15.500',
      '15.600',
    ]);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('rejects on a non-2xx answer and does not cache the failure', async () => {
    partner.answer(json(429, { error: 'Too many requests' }));
    const failing = geocoder();
    const error = await failing.reverse(14.0818, -87.2068).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect((error as Error).message).toBe('El servicio de geocodificación respondió con el estado HTTP 429.');
    partner.answer(json(200, tegucigalpaAnswer));
    expect(await failing.reverse(14.0818, -87.2068)).toMatchObject({ city: 'Tegucigalpa' });
    expect(partner.received).toHaveLength(2);
  });

  it('rejects when the service does not answer in time', async () => {
    partner.answer(neverAnswer);
    await expect(geocoder({ timeoutMs: 50 }).reverse(14.0818, -87.2068)).rejects.toThrow(
      'El servicio de geocodificación no respondió en 50 ms.',
    );
  });
});
