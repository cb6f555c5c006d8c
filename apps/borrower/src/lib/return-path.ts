/**
 * Where the login screen sends the borrower back to (issue 35 point 9): the logged-in route they
 * asked for when the session was missing or expired, carried in the login URL as `volver`, and
 * `expirada=1` when the server ended the session (ERS), so the screen says so.
 */
export const RETURN_PARAM = 'volver';
export const EXPIRED_PARAM = 'expirada';

/** The login screen's words for a session the server ended. */
export const SESSION_EXPIRED_NOTICE =
  'Tu sesión expiró. Inicia sesión de nuevo para continuar donde estabas.';

/** The public screens: no point in coming back to them after logging in. */
const PUBLIC_PATHS = /^\/(login|recuperarpass|registro|validarmail)(\/|\?|$)/i;

/**
 * A path of this app to return to, or null: it must start with one '/' (not '//' nor a scheme, so
 * it stays inside the app) and not be a public screen. Inicio ('/') needs no return.
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (path === '/' || PUBLIC_PATHS.test(path)) return null;
  return path;
}

/** The login route for a borrower who asked for `path` (with the notice when the session expired). */
export function loginPath(path: string | null | undefined, opts: { expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (opts.expired) params.set(EXPIRED_PARAM, '1');
  const back = safeReturnPath(path);
  if (back) params.set(RETURN_PARAM, back);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
