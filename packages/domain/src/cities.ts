/** SPEC section 6: the cities where loans can be requested. */

/** The allowed cities, spelled as the SPEC lists them. */
export const ALLOWED_CITIES = [
  'Tegucigalpa',
  'Comayagüela',
  'Valle de Angeles',
  'Choloma',
  'La Lima',
  'Villanueva',
  'El Progreso',
  'San Pedro Sula',
  'Puerto Cortés',
  'Danlí',
  'Choluteca',
  'Comayagua',
  'Siguatepeque',
  'La Ceiba',
  'La Paz',
  'Santa Rosa de Copán',
  'Gracias',
  'Roatán',
  'French Harbour',
  'Santa Rosa',
] as const;

/** Other spellings the legacy lists carry, and the city each one means. */
export const ALLOWED_CITY_VARIANTS: Readonly<Record<string, (typeof ALLOWED_CITIES)[number]>> = {
  Progreso: 'El Progreso',
  Danli: 'Danlí',
  Comayaguela: 'Comayagüela',
  'Valle de Ángeles': 'Valle de Angeles',
};

/** A place name compared without case, accents or extra spaces. */
export function normalizePlaceName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const allowed = new Set([...ALLOWED_CITIES, ...Object.keys(ALLOWED_CITY_VARIANTS)].map(normalizePlaceName));

/** Whether a city (as geocoding or the profile names it) is one where loans can be requested. */
export function isAllowedCity(name: string): boolean {
  return allowed.has(normalizePlaceName(name));
}
