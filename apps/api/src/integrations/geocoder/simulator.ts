import {
  cityAt,
  DEFAULT_CITY_RADIUS_KM,
  DEFAULT_MAX_DISTANCE_KM,
  findNearestPlace,
  isValidCoordinate,
  toGeoPlace,
  type Gazetteer,
} from './gazetteer';
import type { Geocoder } from './types';

/**
 * Reverse geocoding offline, from the gazetteer: the nearest place gives the municipality and the
 * department; the city is the allowed city of that municipality when the point is near it (see
 * cityAt), else the nearest place's name. Farther than `maxDistanceKm` from every place is outside
 * Honduras: null. Near a border this is an approximation: the data has points, not polygons.
 */
export function createGazetteerGeocoder(options: {
  gazetteer: Gazetteer;
  maxDistanceKm?: number;
  cityRadiusKm?: number;
}): Geocoder {
  const { gazetteer } = options;
  const maxDistanceKm = options.maxDistanceKm ?? DEFAULT_MAX_DISTANCE_KM;
  const cityRadiusKm = options.cityRadiusKm ?? DEFAULT_CITY_RADIUS_KM;

  return {
    async reverse(lat, lon) {
      if (!isValidCoordinate(lat, lon)) return null;
      const nearest = findNearestPlace(gazetteer, lat, lon);
      if (!nearest || nearest.km > maxDistanceKm) return null;
      return toGeoPlace(
        gazetteer,
        nearest.place.municipalityCode,
        cityAt(gazetteer, lat, lon, nearest.place, cityRadiusKm),
      );
    },
  };
}
