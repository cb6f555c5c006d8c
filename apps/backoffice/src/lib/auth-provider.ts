import type { StaffResponseOf } from '@prestamos-hn/contract';
import { HttpError, type AuthProvider } from 'react-admin';
import { callStaff, setCsrfToken } from './staff-api';

type SessionAnswer = StaffResponseOf<'getSession'>;
export type StaffMember = SessionAnswer['staff'];

/** The signed-in staff member, kept in memory only (the session itself is an httpOnly cookie). */
let current: StaffMember | undefined;

/** Keeps the staff member and CSRF token of a session answer (/auth/code, /auth/me, /auth/password). */
export function rememberSession(answer: SessionAnswer): StaffMember {
  return remember(answer);
}

function remember(answer: SessionAnswer): StaffMember {
  current = answer.staff;
  setCsrfToken(answer.csrfToken);
  return answer.staff;
}

function forget(): void {
  current = undefined;
  setCsrfToken(undefined);
}

async function loadSession(): Promise<StaffMember | undefined> {
  if (current) return current;
  try {
    return remember(await callStaff('getSession'));
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return undefined;
    throw error;
  }
}

/**
 * react-admin's authProvider: `login` is step 2 (the e-mailed code; step 1 is the auth feature's
 * logIn), `checkAuth` asks /auth/me, permissions are the role, a 401 anywhere ends the session in
 * the UI.
 */
export const authProvider: AuthProvider = {
  async login({ code }: { code: string }) {
    remember(await callStaff('confirmCode', { body: { code } }));
  },
  async logout() {
    await callStaff('logOut').catch(() => undefined);
    forget();
  },
  async checkAuth() {
    // No message on the way in: the login page says what to do.
    if (!(await loadSession())) throw { message: false };
  },
  // A 401 ends the session: react-admin then tells the staff member (the server's Spanish message,
  // shown while the remembered session still answers checkAuth) and calls logout, which forgets it.
  async checkError(error: { status?: number }) {
    if (error?.status === 401) throw error;
  },
  async getPermissions() {
    return (await loadSession())?.role;
  },
  async getIdentity() {
    const staff = await loadSession();
    if (!staff) throw new Error('Sin sesión');
    return { id: staff.id, fullName: staff.name, mustChangePassword: staff.mustChangePassword };
  },
};
