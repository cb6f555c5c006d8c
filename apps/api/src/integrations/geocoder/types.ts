/** A place in Honduras, with its INE codes. */
export interface GeoPlace {
  /** The city or town name, as the SPEC's allowed-city rule reads it (e.g. 'Tegucigalpa'). */
  city: string;
  /** 4-digit INE municipality code, e.g. '0801'. */
  municipalityCode: string;
  municipality: string;
  /** 2-digit INE department code, e.g. '08'. */
  departmentCode: string;
  department: string;
  country: 'HN';
}

export interface Geocoder {
  /** The place at these WGS84 coordinates, or null outside Honduras (or for coordinates that are not valid). */
  reverse(lat: number, lon: number): Promise<GeoPlace | null>;
}
