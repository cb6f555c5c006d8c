import { z } from 'zod';

/**
 * Pieces shared by the staff API's rows: request fields with their Spanish messages (the first issue
 * is the one answered) and the shapes answers share. Dates travel as strings: an instant as
 * `Date.toISOString()` gives it (UTC, with milliseconds), a calendar day as YYYY-MM-DD.
 */
export const isoInstant = z.iso.datetime();
export const isoDate = z.iso.date();

export const emailField = z
  .string({ error: 'Escribe tu correo.' })
  .trim()
  .min(1, 'Escribe tu correo.')
  .max(200, 'El correo es demasiado largo.')
  .pipe(z.email({ error: 'Escribe un correo válido.' }));

/** Why staff reject a loan request or a receipt: the borrower reads it. */
export const rejectionReasonField = z
  .string({ error: 'Escribe el motivo del rechazo: el cliente lo leerá.' })
  .trim()
  .min(1, 'Escribe el motivo del rechazo: el cliente lo leerá.')
  .max(500, 'El motivo del rechazo no puede tener más de 500 caracteres.');

/** A numeric id in a path (text on the wire), with the message to answer when it is not one. */
export const idField = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const pageFields = {
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'Página inválida.')
    .max(100_000, 'Página inválida.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe estar entre 1 y 100.' })
    .int('El tamaño de página debe estar entre 1 y 100.')
    .min(1, 'El tamaño de página debe estar entre 1 y 100.')
    .max(100, 'El tamaño de página debe estar entre 1 y 100.')
    .default(25),
};

export const pageQuery = z.object(pageFields);

const count = z.number().int().nonnegative();

/** One page of a list: its items, the total for the same filters, and the page asked for. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: count, page: z.number().int(), pageSize: z.number().int() });

/** Every error answer of the staff API (4xx and 5xx): a code and a Spanish message for the person. */
export const staffErrorBody = z.object({
  error: z.object({
    /** unauthenticated, forbidden, csrf, not_found, conflict, invalid, malformed, rate_limited, unexpected. */
    code: z.string(),
    message: z.string(),
    /** The request field a 400 is about, when there is one (`email`, `failedItems.documents`...). */
    field: z.string().optional(),
  }),
});
export type StaffErrorBody = z.infer<typeof staffErrorBody>;
