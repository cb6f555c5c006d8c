import { UNKNOWN_LABEL } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Messages of post_locations that the SPEC does not word. */
export const locationMessages = {
  invalidLatitude: 'La latitud debe ser un número entre -90 y 90.',
  invalidLongitude: 'La longitud debe ser un número entre -180 y 180.',
  invalidBrowser: `El nombre del navegador no es válido (máximo 100 caracteres).`,
  invalidSystem: `El nombre del sistema operativo no es válido (máximo 100 caracteres).`,
} as const;

/** The longest browser or operating-system name stored. */
export const LOCATION_DEVICE_NAME_MAX = 100;

/** A coordinate as a JSON number or a numeric string, within [-limit, limit]. */
const coordinate = (limit: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[-+]?\d{1,3}(\.\d+)?$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().min(-limit, message).max(limit, message));

const deviceName = (message: string) =>
  z.string(message).trim().max(LOCATION_DEVICE_NAME_MAX, message).default(UNKNOWN_LABEL);

/** Ignored by the server (it uses the session's borrower and the IP it sees), accepted for old clients. */
const ignored = z.union([z.string(), z.number(), z.null()]).optional();

export const locationAnswer = z.object({
  /** The city or town, as the allowed-city rule reads it; null outside Honduras. */
  city: z.string().nullable(),
  municipality: z.string().nullable(),
  department: z.string().nullable(),
  /** Whether loans can be requested from this city (SPEC section 6), decided by the server. */
  allowed: z.boolean(),
});
export type LocationAnswer = z.infer<typeof locationAnswer>;

export const locationCalls = {
  /** SPEC section 3's location record; the SPEC names the call without `.php`. */
  post_locations: defineEndpoint({
    file: 'post_locations',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({
      idClient: ignored,
      ip: ignored,
      latitude: coordinate(90, locationMessages.invalidLatitude),
      longitude: coordinate(180, locationMessages.invalidLongitude),
      navegador: deviceName(locationMessages.invalidBrowser),
      sistema_operativo: deviceName(locationMessages.invalidSystem),
    }),
    payload: locationAnswer,
  }),
};
