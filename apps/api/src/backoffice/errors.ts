import type { StaffErrorBody } from '@prestamos-hn/contract';
import { MalformedBodyError, RateLimitError, UserError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { Refusal, staffMessages, type RefusalKind } from '../services/shared/refusals.ts';

/** `{error: {code, message, field?}}`, as the contract's `staffErrorBody` describes it. */
export type ErrorBody = StaffErrorBody;

export interface Reply {
  statusCode: number;
  body: ErrorBody;
}

const reply = (statusCode: number, code: string, message: string, field?: string): Reply => ({
  statusCode,
  body: { error: { code, message, ...(field ? { field } : {}) } },
});

/** The status of each kind of refusal; the kind is the answer's `code`. Services know no status. */
const REFUSAL_STATUS: Record<RefusalKind, number> = {
  unauthenticated: 401,
  forbidden: 403,
  csrf: 403,
  password_change_required: 403,
  not_found: 404,
  conflict: 409,
};

/**
 * The one place that turns an error of the staff API into its answer `{error: {code, message}}`:
 * a refusal with its kind's status (401, 403, 404, 409), a `UserError` as 400 with its Spanish
 * message (and field), too many requests 429, a malformed body 400, and anything else a logged
 * 500 with a generic message and no detail.
 */
export function errorReply(error: unknown, log: Logger): Reply {
  if (error instanceof Refusal) return reply(REFUSAL_STATUS[error.kind], error.kind, error.message);
  if (error instanceof UserError) {
    const field = typeof error.details.field === 'string' ? error.details.field : undefined;
    return reply(400, 'invalid', error.message, field);
  }
  if (error instanceof RateLimitError) return reply(429, 'rate_limited', staffMessages.tooManyRequests);
  if (error instanceof MalformedBodyError) return reply(400, 'malformed', staffMessages.malformed);
  const fastifyCode = (error as { code?: unknown }).code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (
    typeof fastifyCode === 'string' &&
    fastifyCode.startsWith('FST_') &&
    typeof statusCode === 'number' &&
    statusCode < 500
  ) {
    return reply(400, 'malformed', staffMessages.malformed);
  }
  log.error({ err: error }, 'unexpected error in the staff API');
  return reply(500, 'unexpected', staffMessages.unexpected);
}
