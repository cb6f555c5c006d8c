import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginPath } from '../lib/return-path';
import { hasSession } from '../lib/session';

/**
 * The loader of the logged-in routes (SPEC sections 2 and 6): without a stored sid the person goes
 * to /login, which brings them back to the route asked for once logged in. Whether the sid is still
 * valid is the server's answer: ERS on any call logs out.
 */
export function requireSession(args?: Pick<LoaderFunctionArgs, 'request'>): null {
  if (!hasSession()) {
    const url = args ? new URL(args.request.url) : null;
    throw redirect(loginPath(url ? `${url.pathname}${url.search}` : null));
  }
  return null;
}
