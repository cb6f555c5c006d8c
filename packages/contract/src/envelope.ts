import { UNEXPECTED_ERROR_MESSAGE } from '@prestamos-hn/domain';
import { z } from 'zod';

// Requests are validated with zod; its own messages (types, missing fields) are Spanish on the wire.
z.config(z.locales.es());

/** Messages of the transport itself. Field messages come from @prestamos-hn/domain's schemas. */
export const transportMessages = {
  malformedBody: 'La solicitud no tiene un formato válido. Intenta de nuevo.',
  sessionExpired: 'Tu sesión ha expirado. Inicia sesión de nuevo.',
  unknownCall: 'La llamada solicitada no existe.',
  unexpected: UNEXPECTED_ERROR_MESSAGE,
  tooManyRequests: 'Demasiados intentos. Espera un momento e intenta de nuevo.',
  fileTooLarge: 'El archivo es demasiado grande.',
  uploadUnderWay: 'Ya estás enviando archivos. Espera a que termine el envío anterior e intenta de nuevo.',
} as const;

/** The `errors` fields of an ER-API answer (SPEC section 7, register.php). */
export const conflictFields = ['email', 'person_code', 'mob_phone'] as const;
export type ConflictField = (typeof conflictFields)[number];

/** Every answer of a legacy call is one of these (SPEC sections 7 and 8). */
export type LegacyResponse<P> =
  | { status: 'OK'; payload: P }
  | { status: 'ER'; payload: { message: string } & Record<string, unknown> }
  | { status: 'ER-API'; payload: { message: string }; errors: Partial<Record<ConflictField, string>> }
  | { status: 'ERS'; payload: { message: string } }
  | { status: '500'; payload: { message: string } };

export const messagePayload = z.object({ message: z.string() });

/** Parses any legacy answer; the OK payload is checked by the endpoint's own schema. */
export const legacyResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK'), payload: z.unknown() }),
  z.object({ status: z.literal('ER'), payload: messagePayload.loose() }),
  z.object({
    status: z.literal('ER-API'),
    payload: messagePayload,
    errors: z.partialRecord(z.enum(conflictFields), z.string()),
  }),
  z.object({ status: z.literal('ERS'), payload: messagePayload }),
  z.object({ status: z.literal('500'), payload: messagePayload }),
]);
