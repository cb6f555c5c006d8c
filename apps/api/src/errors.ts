import { transportMessages, type ConflictField } from '@prestamos-hn/contract';
import type { Logger } from './logger.ts';

/** A refusal a person can act on: answered as `ER` with a Spanish `payload.message`. */
export class UserError extends Error {
  readonly details: Record<string, unknown>;
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'UserError';
    this.details = details;
  }
}

/** A uniqueness conflict on registration: answered as `ER-API` with `errors.<field>`. */
export class ConflictError extends Error {
  readonly fields: Partial<Record<ConflictField, string>>;
  constructor(message: string, fields: Partial<Record<ConflictField, string>>) {
    super(message);
    this.name = 'ConflictError';
    this.fields = fields;
  }
}

/** The session is missing, invalid, expired or not allowed here: answered as `ERS`. */
export class SessionError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SessionError';
  }
}

/** Too many requests from one caller: HTTP 429 with a Spanish message. */
export class RateLimitError extends Error {
  /** For Fastify's own error handler, where no plugin's mapper answers (the file routes). */
  readonly statusCode = 429;
  constructor() {
    super('rate limited');
    this.name = 'RateLimitError';
  }
}

/** A request body that is not what its content type says (or carries a NUL character): HTTP 400. */
export class MalformedBodyError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedBodyError';
  }
}

/**
 * JSON.parse that refuses a NUL character in any string: the databases cannot store one, and a text
 * field carrying it is never a person's input. Throws MalformedBodyError.
 */
export function parseJsonText(text: string): unknown {
  try {
    // A NUL can only be in a JSON text as the escape \u0000 (a raw one is not JSON): without that
    // escape, the plain parse (a reviver costs a call per value, on every request's body).
    if (!text.includes('\\u0000')) return JSON.parse(text) as unknown;
    return JSON.parse(text, (_key, value: unknown) => {
      if (typeof value === 'string' && value.includes('\u0000'))
        throw new MalformedBodyError('NUL in a string');
      return value;
    });
  } catch (error) {
    throw error instanceof MalformedBodyError ? error : new MalformedBodyError('not JSON');
  }
}

/** A text field of a form: refused when it carries a NUL character. */
export const hasNul = (text: string): boolean => text.includes('\u0000');

/** The root error handler's answer: `{status: 'ER', payload: {message}}`, a generic Spanish message. */
export interface RootErrorReply {
  statusCode: number;
  body: { status: 'ER'; payload: { message: string } };
}

const rootReply = (statusCode: number, message: string): RootErrorReply => ({
  statusCode,
  body: { status: 'ER', payload: { message } },
});

/** The answer of a path that does not exist, outside the two APIs (front ends, outbox, other origin). */
export const NOT_FOUND_REPLY: RootErrorReply = rootReply(404, 'No encontrado.');

/**
 * The one root error handler's answer (app.ts), for every route without a mapper of its own (the
 * files behind signed URLs, the chat's live channel before it streams, the health check, the outbox,
 * the API description, the front ends), and for what a plugin's handler passes on. Never an error's
 * own message: a database, storage or PDF error's text names tables, values, paths and keys. Too many
 * requests is 429, a client's mistake Fastify caught (unreadable body, unsupported type) keeps its
 * 4xx status with a generic message, and anything else is a 500 that `log` records with the
 * detail (log-errors.ts keeps the SQL and its values out of it).
 */
export function rootErrorReply(error: unknown, log: Logger): RootErrorReply {
  if (error instanceof RateLimitError) return rootReply(429, transportMessages.tooManyRequests);
  if (error instanceof MalformedBodyError) return rootReply(400, transportMessages.malformedBody);
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    log.info({ err: error }, 'request refused before its handler');
    if (statusCode === 404) return NOT_FOUND_REPLY;
    if (statusCode === 413) return rootReply(413, transportMessages.fileTooLarge);
    return rootReply(statusCode, transportMessages.malformedBody);
  }
  log.error({ err: error }, 'unexpected error');
  return rootReply(500, transportMessages.unexpected);
}
