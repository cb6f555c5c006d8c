import { parseStatusCode, REQUIRED_FIELD_MESSAGE } from '@prestamos-hn/domain';
import type { z } from 'zod';
import { UserError } from '../../errors.ts';

/**
 * Parses with a zod schema (one of @prestamos-hn/domain's, a contract row's or a staff route's); the
 * first problem becomes a `UserError` with that issue's Spanish message (the same words the form
 * shows) and its field name. An issue that names no field is refused with `unnamed` when the caller
 * gives one (the staff API: the body as a whole has the wrong shape), else with its own message.
 * The one way the API turns a zod failure into a refusal: the legacy calls, the staff routes and
 * the services all use it.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, value: unknown, unnamed?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue?.path.map(String).join('.');
  if (field) throw new UserError(issue!.message, { field });
  throw new UserError(unnamed ?? issue?.message ?? REQUIRED_FIELD_MESSAGE);
}

/** A row id as the wire sends it (a number or its digits), or null when it is not a positive 32-bit integer. */
export function parseRowId(value: number | string): number | null {
  const id = parseStatusCode(value);
  return id !== null && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The 500 characters a staff member's reason may take (a rejection, a return, a reversal). */
export const STAFF_REASON_MAX = 500;

/**
 * A reason a staff member writes (a rejection, a return, a reversal), spaces collapsed: refused with
 * the caller's Spanish message when empty or longer than `max`, on the field `reason`.
 */
export function readStaffReason(
  reason: string,
  messages: { required: string; tooLong: string },
  max = STAFF_REASON_MAX,
): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  if (text === '') throw new UserError(messages.required, { field: 'reason' });
  if (text.length > max) throw new UserError(messages.tooLong, { field: 'reason' });
  return text;
}
