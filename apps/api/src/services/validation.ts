/** Checks every service area shares: schema parsing into a Spanish ER, row ids from the wire, unique violations. */
import { parseStatusCode } from '@prestamos-hn/domain';
import type { z } from 'zod';
import { UserError } from '../errors.ts';

/**
 * Parses with one of @prestamos-hn/domain's schemas; the first problem becomes an ER with that
 * field's Spanish message (the same words the form shows) and its field name.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.');
  throw new UserError(issue?.message ?? 'Campo obligatorio', field ? { field } : {});
}

/** A unique-constraint violation from PostgreSQL or PGlite, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A row id as the wire sends it (a number or its digits), or null when it is not a positive 32-bit integer. */
export function parseRowId(value: number | string): number | null {
  const id = parseStatusCode(value);
  return id !== null && id >= 1 && id <= 2_147_483_647 ? id : null;
}
