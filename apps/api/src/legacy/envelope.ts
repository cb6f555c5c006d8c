import { transportMessages, wireNameOf, type Envelope, type LegacyResponse } from '@prestamos-hn/contract';
import { ConflictError, RateLimitError, SessionError, UserError } from '../errors.ts';
import type { Logger } from '../logger.ts';

export interface Reply {
  statusCode: number;
  body: unknown;
}

/**
 * A payload the database wrote as JSON text (row_to_json), in the wire's own names: the answer
 * carries the text as it is, never parsed into objects and written again. `T` is what the text is the
 * JSON of; a test holds each such statement's text byte for byte to JSON.stringify of the ordinary
 * read mapped to the wire.
 */
export class JsonText<T = unknown> {
  declare readonly of: T;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * The one place that turns a handler's result into the legacy answer. A JsonText payload makes the
 * body a string, the same bytes JSON.stringify would write for the answer with its payload parsed.
 */
export function successReply(envelope: Envelope, result: unknown): Reply {
  if (result instanceof JsonText) {
    return {
      statusCode: 200,
      body: envelope === 'legacy' ? `{"status":"OK","payload":${result.text}}` : result.text,
    };
  }
  return { statusCode: 200, body: envelope === 'legacy' ? { status: 'OK', payload: result } : result };
}

/**
 * A refusal of a renamed field names it as the caller sent it: services say `identityNumber`, the
 * answer says `UsrDNI` (the row's `wireNames`).
 */
export function withWireField(
  error: unknown,
  wireNames: Readonly<Record<string, string>> | undefined,
): unknown {
  if (!(error instanceof UserError) || typeof error.details.field !== 'string') return error;
  const field = wireNameOf(wireNames, error.details.field);
  return field === error.details.field ? error : new UserError(error.message, { ...error.details, field });
}

const legacy = (statusCode: number, body: LegacyResponse<never>): Reply => ({ statusCode, body });

/**
 * The one place that turns an error into the legacy answer: a refusal is ER with its Spanish
 * message (HTTP 200, as the legacy app expects), a conflict ER-API, a session problem ERS, too many
 * requests HTTP 429, and anything unexpected a logged HTTP 500 with a generic message.
 */
export function errorReply(envelope: Envelope, error: unknown, log: Logger): Reply {
  if (error instanceof UserError) {
    const reply = legacy(200, { status: 'ER', payload: { message: error.message, ...error.details } });
    return envelope === 'legacy'
      ? reply
      : { statusCode: 200, body: { status: 'invalid', message: error.message } };
  }
  if (error instanceof ConflictError) {
    return legacy(200, { status: 'ER-API', payload: { message: error.message }, errors: error.fields });
  }
  if (error instanceof SessionError) {
    log.info({ reason: error.message }, 'session refused');
    return legacy(200, { status: 'ERS', payload: { message: transportMessages.sessionExpired } });
  }
  if (error instanceof RateLimitError) {
    const message = transportMessages.tooManyRequests;
    return envelope === 'legacy'
      ? legacy(429, { status: 'ER', payload: { message } })
      : { statusCode: 429, body: { status: 'rate_limited', message } };
  }
  log.error({ err: error }, 'unexpected error in a legacy call');
  return legacy(500, { status: '500', payload: { message: transportMessages.unexpected } });
}
