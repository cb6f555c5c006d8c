import { redirect } from 'react-router';
import { hasSession } from '../lib/session';

/**
 * The loader of the logged-in routes (SPEC sections 2 and 6): without a stored sid the person goes
 * to /login. Whether the sid is still valid is the server's answer: ERS on any call logs out.
 */
export function requireSession(): null {
  if (!hasSession()) throw redirect('/login');
  return null;
}
