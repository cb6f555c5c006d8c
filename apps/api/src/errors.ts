import type { ConflictField } from '@prestamos-hn/contract';

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
