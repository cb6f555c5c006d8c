import { isAllowedCity, LOCATION_LOOKUP_ERROR_MESSAGE } from '@prestamos-hn/domain';
import { desc, eq } from 'drizzle-orm';
import { borrowerLocations, departments, municipalities } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import type { GeoPlace } from '../integrations/index.ts';
import type { Deps } from './deps.ts';

/** post_locations calls per client IP and minute. Generous: many phones share a carrier's IP. */
export const LOCATION_POSTS_PER_MINUTE_PER_IP = 60;

/** Stored coordinates keep 4 decimals (about 11 m): enough to tell the city, no more. */
export const roundCoordinate = (value: number): number => Math.round(value * 10_000) / 10_000;

export interface ResolvedLocation {
  city: string | null;
  municipality: string | null;
  department: string | null;
  /** The allowed-city rule (SPEC section 6) applied to the city. */
  allowed: boolean;
}

export interface LastKnownLocation extends ResolvedLocation {
  latitude: number;
  longitude: number;
  municipalityCode: string | null;
  at: Date;
}

const isAllowed = (city: string | null): boolean => city !== null && isAllowedCity(city);

/**
 * Records where the borrower is: resolves the city through the geocoder (offline gazetteer by
 * default; nothing leaves the server unless a geocoder URL is configured) and stores the rounded
 * point with the IP the server saw. When the geocoder fails, nothing is stored (the last known
 * location stays as it was) and the borrower is asked to try again.
 */
export async function recordLocation(
  deps: Pick<Deps, 'db' | 'clock' | 'integrations' | 'log'>,
  input: {
    borrowerId: number;
    latitude: number;
    longitude: number;
    ip: string;
    browser: string;
    os: string;
  },
): Promise<ResolvedLocation> {
  const latitude = roundCoordinate(input.latitude);
  const longitude = roundCoordinate(input.longitude);
  let place: GeoPlace | null;
  try {
    place = await deps.integrations.geocoder.reverse(latitude, longitude);
  } catch (error) {
    deps.log.warn(
      { borrowerId: input.borrowerId, reason: error instanceof Error ? error.message : String(error) },
      'reverse geocoding failed',
    );
    throw new UserError(LOCATION_LOOKUP_ERROR_MESSAGE);
  }

  await deps.db.insert(borrowerLocations).values({
    borrowerId: input.borrowerId,
    latitude,
    longitude,
    city: place?.city ?? null,
    municipalityCode: place?.municipalityCode ?? null,
    ip: input.ip,
    browser: input.browser,
    os: input.os,
    createdAt: deps.clock.now(),
  });

  const city = place?.city ?? null;
  return {
    city,
    municipality: place?.municipality ?? null,
    department: place?.department ?? null,
    allowed: isAllowed(city),
  };
}

/** The borrower's newest recorded location (one row from `borrower_locations_latest_idx`), or null. */
export async function getLastKnownLocation(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
): Promise<LastKnownLocation | null> {
  const [row] = await deps.db
    .select({
      latitude: borrowerLocations.latitude,
      longitude: borrowerLocations.longitude,
      city: borrowerLocations.city,
      municipalityCode: borrowerLocations.municipalityCode,
      municipality: municipalities.name,
      department: departments.name,
      at: borrowerLocations.createdAt,
    })
    .from(borrowerLocations)
    .leftJoin(municipalities, eq(municipalities.code, borrowerLocations.municipalityCode))
    .leftJoin(departments, eq(departments.code, municipalities.departmentCode))
    .where(eq(borrowerLocations.borrowerId, borrowerId))
    .orderBy(desc(borrowerLocations.createdAt), desc(borrowerLocations.id))
    .limit(1);
  if (!row) return null;
  return { ...row, allowed: isAllowed(row.city) };
}

/**
 * The server's allowed-city decision for a loan request: the borrower's last known location is in
 * an allowed city. No location at all is not allowed.
 */
export async function isBorrowerLocationAllowed(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
): Promise<boolean> {
  return (await getLastKnownLocation(deps, borrowerId))?.allowed ?? false;
}
