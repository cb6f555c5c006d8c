import type { LocationAnswer } from '@prestamos-hn/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy, SessionExpiredError } from '../../../lib/api-client';
import { BROWSER_ONLY_QUERY, queryKeys } from '../../../lib/query-keys';
import { parseBrowserName, parseOperatingSystem } from '../utils/user-agent';

/**
 * Why the location could not be told: permission refused, no geolocation in this browser, the phone
 * gave no position (in time), or the server's lookup failed.
 */
export type LocationFailure = 'denied' | 'unavailable' | 'no-position' | 'lookup';

/**
 * A GeolocationPositionError's code as a failure: only PERMISSION_DENIED (1) is a refusal; a position
 * the phone could not find (POSITION_UNAVAILABLE, 2) or not in time (TIMEOUT, 3) is worth retrying.
 */
export function positionFailureOf(error: Pick<GeolocationPositionError, 'code'>): LocationFailure {
  return error.code === 1 ? 'denied' : 'no-position';
}

export class LocationError extends Error {
  readonly reason: LocationFailure;
  constructor(reason: LocationFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LocationError';
    this.reason = reason;
  }
}

/** A cheap phone may take a while for a first position; an older one (5 min) is good enough. */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 20_000, maximumAge: 300_000 };

function readPosition(geolocation: Geolocation | undefined): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationError('unavailable', 'Geolocation is not available in this browser'));
      return;
    }
    geolocation.getCurrentPosition(
      resolve,
      (error) => reject(new LocationError(positionFailureOf(error), error.message, { cause: error })),
      POSITION_OPTIONS,
    );
  });
}

/**
 * Where the borrower is: the browser's position, sent to post_locations with the browser and
 * operating-system names (SPEC section 3); the server answers the city and whether loans can be
 * requested from it. Fails with `LocationError` (or `SessionExpiredError`).
 */
export async function locateBorrower(
  nav: Pick<Navigator, 'geolocation' | 'userAgent'> = navigator,
): Promise<LocationAnswer> {
  const position = await readPosition(nav.geolocation);
  try {
    return await callLegacy('post_locations', {
      latitude: position.coords.latitude,
      longitude: position.coords.longitude,
      navegador: parseBrowserName(nav.userAgent),
      sistema_operativo: parseOperatingSystem(nav.userAgent),
    });
  } catch (error) {
    if (error instanceof SessionExpiredError) throw error;
    throw new LocationError('lookup', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

export function locationQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.location,
    queryFn: () => locateBorrower(),
    // Asking again would repeat the permission prompt or a refusal; the home screen asks once a visit.
    retry: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    // The phone's position: a server render (app/server-render.tsx) leaves it to the browser.
    meta: BROWSER_ONLY_QUERY,
  });
}

export function useBorrowerLocation() {
  return useQuery(locationQueryOptions());
}
