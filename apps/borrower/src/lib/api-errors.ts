import type { ConflictField } from '@prestamos-hn/contract';

// The API client's errors, apart from the client itself: the app shell (the query client's session
// handling) needs them on every screen, the contract's table and Zod only once a call is made.

/** The server refused the call with a message for the person (`ER`, or HTTP 500). */
export class LegacyCallError extends Error {
  readonly status: 'ER' | 'ER-API' | '500';
  readonly payload: Record<string, unknown>;
  readonly errors: Partial<Record<ConflictField, string>>;
  constructor(
    status: 'ER' | 'ER-API' | '500',
    message: string,
    payload: Record<string, unknown> = {},
    errors: Partial<Record<ConflictField, string>> = {},
  ) {
    super(message);
    this.name = 'LegacyCallError';
    this.status = status;
    this.payload = payload;
    this.errors = errors;
  }
}

/** The session is missing, invalid or expired (`ERS`). Handled once, in the query client. */
export class SessionExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

/** The request never got an answer: no network, aborted, timed out, or an unreadable answer. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}
