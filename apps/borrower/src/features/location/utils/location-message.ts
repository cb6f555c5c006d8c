import type { LocationAnswer } from '@prestamos-hn/contract';
import {
  cityUnavailableMessage,
  LOCATION_LOOKUP_ERROR_MESSAGE,
  LOCATION_NO_POSITION_MESSAGE,
  LOCATION_REQUIRED_MESSAGE,
  locationDeniedMessage,
} from '@prestamos-hn/domain';
import type { LocationFailure } from '../api/post-location';

/** The place named when the city is unknown (outside Honduras): "no está disponible en tu ubicación". */
export const UNKNOWN_CITY_TEXT = 'tu ubicación';

/**
 * What the home screen says about the location: SPEC section 8's messages, or null when all is well.
 * A position the phone did not find (in time) is not a refusal: it says so and offers to retry.
 */
export function locationMessage(
  state: { answer: LocationAnswer } | { failure: LocationFailure },
  product: string,
): { text: string; hasSeeMore: boolean; canRetry?: true } | null {
  if ('failure' in state) {
    switch (state.failure) {
      case 'denied':
        return { text: locationDeniedMessage(product), hasSeeMore: true };
      case 'unavailable':
        return { text: LOCATION_REQUIRED_MESSAGE, hasSeeMore: false };
      case 'no-position':
        return { text: LOCATION_NO_POSITION_MESSAGE, hasSeeMore: false, canRetry: true };
      case 'lookup':
        return { text: LOCATION_LOOKUP_ERROR_MESSAGE, hasSeeMore: false };
    }
  }
  if (state.answer.allowed) return null;
  return { text: cityUnavailableMessage(state.answer.city ?? UNKNOWN_CITY_TEXT), hasSeeMore: false };
}

/** The location as a line of text: 'Tegucigalpa, Francisco Morazán'; null when nothing is known. */
export function locationLabel(answer: LocationAnswer): string | null {
  const parts = [answer.city, answer.department].filter((part): part is string => Boolean(part?.trim()));
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  return unique.length > 0 ? unique.join(', ') : null;
}
