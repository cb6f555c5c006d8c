import path from 'node:path';
import { readCsv } from './csv';
import type { GeoPlace } from './types';

/** One row of `hn-lugares.csv`. */
export interface GazetteerPlace {
  municipalityCode: string;
  departmentCode: string;
  municipality: string;
  placeName: string;
  /** The SPEC's allowed-city name when this row represents that city, else ''. */
  specCity: string;
  lat: number;
  lon: number;
}

export interface Department {
  code: string;
  name: string;
  /** ISO 3166-2, e.g. 'HN-FM'. */
  iso: string;
}

export interface Municipality {
  code: string;
  departmentCode: string;
  name: string;
  /** Every name it is known by, normalised (see normalisePlaceName). */
  names: string[];
}

export interface Gazetteer {
  places: readonly GazetteerPlace[];
  departments: ReadonlyMap<string, Department>;
  municipalities: ReadonlyMap<string, Municipality>;
}

/** Points farther than this from every place are not in Honduras. */
export const DEFAULT_MAX_DISTANCE_KM = 60;
/**
 * How far from an allowed city's own point, inside the same municipality, a location still counts as
 * that city. Wide enough for Tegucigalpa/Comayagüela and San Pedro Sula, whose outskirts have villages
 * of their own in the gazetteer; the same-municipality condition keeps neighbouring towns (Santa Lucía,
 * Choloma, La Lima) apart.
 */
export const DEFAULT_CITY_RADIUS_KM = 15;

/**
 * Reads the offline gazetteer from the API's data folder: places with coordinates (`hn-lugares.csv`),
 * department names (`hn-departamentos.csv`) and municipality names (`hn-municipios.csv`). Synchronous,
 * once, at start: a missing or malformed file stops the server with the file's name.
 */
export function loadGazetteer(dataDir: string): Gazetteer {
  const departments = new Map<string, Department>();
  for (const row of readCsv(path.join(dataDir, 'hn-departamentos.csv'), [
    'dept_code',
    'dept_name',
    'iso_3166_2',
  ])) {
    departments.set(row.dept_code, { code: row.dept_code, name: row.dept_name, iso: row.iso_3166_2 });
  }

  const municipalities = new Map<string, Municipality>();
  const municipiosFile = path.join(dataDir, 'hn-municipios.csv');
  for (const row of readCsv(municipiosFile, [
    'muni_code',
    'dept_code',
    'muni_name',
    'muni_name_ascii',
    'alt_names',
  ])) {
    const names = [row.muni_name, row.muni_name_ascii, ...row.alt_names.split(';')]
      .map(normalisePlaceName)
      .filter((name) => name !== '');
    municipalities.set(row.muni_code, {
      code: row.muni_code,
      departmentCode: row.dept_code,
      name: row.muni_name,
      names: [...new Set(names)],
    });
  }

  const lugaresFile = path.join(dataDir, 'hn-lugares.csv');
  const places = readCsv(lugaresFile, [
    'muni_code',
    'dept_code',
    'muni_name',
    'place_name',
    'lat',
    'lon',
    'spec_city',
  ]).map((row, index): GazetteerPlace => {
    const lat = Number(row.lat);
    const lon = Number(row.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !municipalities.has(row.muni_code)) {
      throw new Error(`El archivo ${lugaresFile} tiene una fila no válida (${index + 2}).`);
    }
    return {
      municipalityCode: row.muni_code,
      departmentCode: row.dept_code,
      municipality: row.muni_name,
      placeName: row.place_name,
      specCity: row.spec_city,
      lat,
      lon,
    };
  });
  if (places.length === 0) throw new Error(`El archivo ${lugaresFile} no tiene lugares.`);

  return { places, departments, municipalities };
}

/** Finite WGS84 latitude and longitude within their ranges. */
export function isValidCoordinate(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** Great-circle distance in kilometres (haversine, mean Earth radius). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest place among those `accept` keeps (all by default), with its distance. */
export function findNearestPlace(
  gazetteer: Gazetteer,
  lat: number,
  lon: number,
  accept: (place: GazetteerPlace) => boolean = () => true,
): { place: GazetteerPlace; km: number } | undefined {
  let best: { place: GazetteerPlace; km: number } | undefined;
  for (const place of gazetteer.places) {
    if (!accept(place)) continue;
    const km = distanceKm(lat, lon, place.lat, place.lon);
    if (!best || km < best.km) best = { place, km };
  }
  return best;
}

/**
 * The city name for a location whose nearest place is `nearest`: the allowed city (`spec_city`) of the
 * same municipality nearest to the location, if it is within `cityRadiusKm`; otherwise the nearest
 * place's own name. So every point of Tegucigalpa gives 'Tegucigalpa', even where a village point
 * (El Lolo, Villa Nueva) is nearer than the city's centre.
 */
export function cityAt(
  gazetteer: Gazetteer,
  lat: number,
  lon: number,
  nearest: GazetteerPlace,
  cityRadiusKm = DEFAULT_CITY_RADIUS_KM,
): string {
  const city = findNearestPlace(
    gazetteer,
    lat,
    lon,
    (place) => place.specCity !== '' && place.municipalityCode === nearest.municipalityCode,
  );
  if (city && city.km <= cityRadiusKm) return city.place.specCity;
  // GeoNames disambiguates some names with a suffix ("Santa Rita, Copan"): keep the name itself.
  return nearest.placeName.split(',')[0]?.trim() || nearest.placeName;
}

/** Builds the answer for a municipality, with its department's name. */
export function toGeoPlace(gazetteer: Gazetteer, municipalityCode: string, city: string): GeoPlace | null {
  const municipality = gazetteer.municipalities.get(municipalityCode);
  const department = municipality && gazetteer.departments.get(municipality.departmentCode);
  if (!municipality || !department) return null;
  return {
    city,
    municipalityCode: municipality.code,
    municipality: municipality.name,
    departmentCode: department.code,
    department: department.name,
    country: 'HN',
  };
}

/** Upper case, no accents, no parenthesised notes, only letters, digits and single spaces. */
export function normalisePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\([^)]*\)/g, ' ')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}
