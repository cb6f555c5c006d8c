import { z } from 'zod';
import { ensureOk, readJsonBody, createPartnerRequest, type HttpAdapterOptions } from '../shared/http';
import { createLruCache } from '../shared/lru-cache';
import { createSerialRateLimiter, type LimiterClock } from '../shared/rate-limiter';
import {
  cityAt,
  distanceKm,
  findNearestPlace,
  isValidCoordinate,
  normalisePlaceName,
  toGeoPlace,
  type Gazetteer,
  type Municipality,
} from './gazetteer';
import type { GeoPlace, Geocoder } from './types';

/** Nominatim's usage policy: at most one request per second. */
export const NOMINATIM_MIN_INTERVAL_MS = 1000;
/** A municipality found by a town's name must have a gazetteer point this close, or the name is not trusted. */
const NAME_MATCH_MAX_KM = 40;

const addressSchema = z.object({
  city: z.string().optional(),
  town: z.string().optional(),
  village: z.string().optional(),
  hamlet: z.string().optional(),
  municipality: z.string().optional(),
  county: z.string().optional(),
  state: z.string().optional(),
  'ISO3166-2-lvl4': z.string().optional(),
  country_code: z.string().optional(),
});
const answerSchema = z.object({ address: addressSchema.optional(), error: z.unknown().optional() });
type Address = z.infer<typeof addressSchema>;

export interface NominatimGeocoderOptions extends HttpAdapterOptions {
  /** The service's base URL, e.g. `https://nominatim.example.org` (the adapter adds `/reverse`). */
  url: string;
  /** Identifies the application, as the usage policy asks (ASCII, with a contact URL). */
  userAgent: string;
  /** Names and codes: maps the answer to INE municipalities and departments. */
  gazetteer: Gazetteer;
  /** Cached coordinates (rounded to 3 decimals, about 110 m); default 1000. */
  cacheSize?: number;
  /** Default {@link NOMINATIM_MIN_INTERVAL_MS}. */
  minIntervalMs?: number;
  /** For tests: time for the rate limiter. */
  clock?: LimiterClock;
}

/**
 * Reverse geocoding through a Nominatim-compatible service, from the server (the browser never calls
 * it): `GET {url}/reverse?format=jsonv2&lat=…&lon=…&accept-language=es` with a descriptive User-Agent,
 * one request at a time and at most one per second, answers cached in memory (LRU) by coordinates
 * rounded to 3 decimals, which are also what is sent (no more precision than needed leaves us).
 *
 * Mapping: outside Honduras (`country_code` not `hn`) or "Unable to geocode" is null. The department
 * comes from `ISO3166-2-lvl4` (or the state's name); the municipality from a name match in the
 * gazetteer (municipality, county, then city/town/village names), else the nearest gazetteer place in
 * that department; the city is `city`, `town`, `village` or `hamlet`, else the gazetteer's city.
 * A failure (network, timeout, non-2xx) rejects with an IntegrationError and is not cached.
 */
export function createNominatimGeocoder(options: NominatimGeocoderOptions): Geocoder {
  const request = createPartnerRequest('geocoder', options);
  const { gazetteer } = options;
  const cache = createLruCache<string, GeoPlace | null>(options.cacheSize ?? 1000);
  const inFlight = new Map<string, Promise<GeoPlace | null>>();
  const schedule = createSerialRateLimiter({
    minIntervalMs: options.minIntervalMs ?? NOMINATIM_MIN_INTERVAL_MS,
    clock: options.clock,
  });

  async function lookUp(lat: string, lon: string): Promise<GeoPlace | null> {
    const url = new URL(`${options.url.replace(/\/+$/, '')}/reverse`);
    url.search = new URLSearchParams({ format: 'jsonv2', lat, lon, 'accept-language': 'es' }).toString();
    const response = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
    });
    await ensureOk('geocoder', response);
    const answer = answerSchema.safeParse(await readJsonBody('geocoder', response));
    if (!answer.success || answer.data.error !== undefined || !answer.data.address) return null;
    return toPlace(gazetteer, Number(lat), Number(lon), answer.data.address);
  }

  return {
    async reverse(lat, lon) {
      if (!isValidCoordinate(lat, lon)) return null;
      const roundedLat = lat.toFixed(3);
      const roundedLon = lon.toFixed(3);
      const key = `${roundedLat},${roundedLon}`;
      if (cache.has(key)) return copy(cache.get(key) ?? null);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = schedule(() => lookUp(roundedLat, roundedLon))
          .then((place) => {
            cache.set(key, place);
            return place;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return copy(await pending);
    },
  };
}

function copy(place: GeoPlace | null): GeoPlace | null {
  return place ? { ...place } : null;
}

function toPlace(gazetteer: Gazetteer, lat: number, lon: number, address: Address): GeoPlace | null {
  if (address.country_code?.toLowerCase() !== 'hn') return null;
  const departmentCode = findDepartmentCode(gazetteer, address);
  const inDepartment = (code: string) => departmentCode === undefined || code === departmentCode;

  const municipality =
    matchMunicipality(gazetteer, [address.municipality, address.county], inDepartment) ??
    plausible(
      gazetteer,
      lat,
      lon,
      matchMunicipality(
        gazetteer,
        [address.city, address.town, address.village, address.hamlet],
        inDepartment,
      ),
    );
  const nearest = findNearestPlace(gazetteer, lat, lon, (place) =>
    municipality ? place.municipalityCode === municipality.code : inDepartment(place.departmentCode),
  );
  const municipalityCode = municipality?.code ?? nearest?.place.municipalityCode;
  if (!municipalityCode) return null;

  const named = address.city ?? address.town ?? address.village ?? address.hamlet;
  const city = named?.trim() || (nearest ? cityAt(gazetteer, lat, lon, nearest.place) : '');
  return toGeoPlace(gazetteer, municipalityCode, city);
}

function findDepartmentCode(gazetteer: Gazetteer, address: Address): string | undefined {
  const iso = address['ISO3166-2-lvl4']?.toUpperCase();
  const state = address.state
    ? normalisePlaceName(address.state).replace(/^DEPARTAMENTO (DE )?/, '')
    : undefined;
  for (const department of gazetteer.departments.values()) {
    if (iso !== undefined && department.iso === iso) return department.code;
  }
  for (const department of gazetteer.departments.values()) {
    if (state !== undefined && normalisePlaceName(department.name) === state) return department.code;
  }
  return undefined;
}

/** The one municipality (of the accepted departments) that goes by the first of `names` that matches. */
function matchMunicipality(
  gazetteer: Gazetteer,
  names: readonly (string | undefined)[],
  inDepartment: (departmentCode: string) => boolean,
): Municipality | undefined {
  for (const name of names) {
    if (!name) continue;
    const wanted = normalisePlaceName(name).replace(/^MUNICIPIO (DE |DEL )?/, '');
    const matches = [...gazetteer.municipalities.values()].filter(
      (municipality) =>
        inDepartment(municipality.departmentCode) &&
        municipality.names.some(
          (known) => known === wanted || known.replace(/^MUNICIPIO (DE |DEL )?/, '') === wanted,
        ),
    );
    if (matches.length === 1) return matches[0];
  }
  return undefined;
}

/** A town's name can also be another municipality's: keep the match only if that municipality is near. */
function plausible(
  gazetteer: Gazetteer,
  lat: number,
  lon: number,
  municipality: Municipality | undefined,
): Municipality | undefined {
  if (!municipality) return undefined;
  const near = gazetteer.places.some(
    (place) =>
      place.municipalityCode === municipality.code &&
      distanceKm(lat, lon, place.lat, place.lon) <= NAME_MATCH_MAX_KM,
  );
  return near ? municipality : undefined;
}
