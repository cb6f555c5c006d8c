import { HttpError } from 'react-admin';

/** Where the staff API lives (same origin: the server serves this app too). */
export const STAFF_API = '/api/backoffice';

const UNREACHABLE = 'No se pudo conectar con el servidor. Revisa tu conexión e intenta de nuevo.';
const UNEXPECTED = 'Ocurrió un error inesperado. Intenta de nuevo.';

/** The CSRF token of the current session (from /auth/code or /auth/me), sent on every non-GET. */
let csrfToken: string | undefined;

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export type QueryValue = string | number | boolean | undefined | null;

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * One call of the staff API: JSON in and out, the session cookie, the CSRF header on state-changing
 * requests; an error answer `{error: {code, message}}` becomes an HttpError with its Spanish message
 * (and the code in `body`), no answer at all an HttpError with status 0.
 */
export async function staffFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${STAFF_API}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError(UNREACHABLE, 0);
  }
  const json = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
    throw new HttpError(error?.message ?? UNEXPECTED, response.status, {
      code: error?.code,
      field: error?.field,
    });
  }
  return json as T;
}
