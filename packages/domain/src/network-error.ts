/** What a person reads when the server answered something unexpected (the transport's own message). */
export const UNEXPECTED_ERROR_MESSAGE = 'Ocurrió un error inesperado. Intenta de nuevo más tarde.';

/** Issue 35: what a person reads when a call got no answer at all (no network, or too slow). */
export const OFFLINE_MESSAGE = 'Sin conexión. Revisa tu internet e intenta de nuevo.';

/**
 * The names of what `fetch` (or a lazy `import()`) throws when no answer came: a TypeError ('Failed
 * to fetch' in Chrome, 'NetworkError when attempting to fetch resource.' in Firefox, 'Load failed' in
 * Safari), and the DOMExceptions of an aborted or timed-out signal ('signal timed out').
 */
const NO_ANSWER_ERRORS = new Set(['TypeError', 'AbortError', 'TimeoutError', 'NetworkError']);

/**
 * The Spanish message for an error thrown while calling the server, never the browser's own text:
 * `OFFLINE_MESSAGE` when no answer came (each browser's network, abort and timeout errors), else the
 * generic unexpected-error message (an answer that could not be read, e.g. an HTML error page).
 */
export function fetchErrorMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return typeof name === 'string' && NO_ANSWER_ERRORS.has(name) ? OFFLINE_MESSAGE : UNEXPECTED_ERROR_MESSAGE;
}
