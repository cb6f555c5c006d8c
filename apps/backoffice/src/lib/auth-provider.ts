import type { AuthProvider } from 'react-admin';
import { setCsrfToken, staffFetch } from './staff-api';
import type { StaffMember } from './staff-types';

interface SessionAnswer {
  staff: StaffMember;
  csrfToken: string;
}

/** The signed-in staff member, kept in memory only (the session itself is an httpOnly cookie). */
let current: StaffMember | undefined;

function remember(answer: SessionAnswer): StaffMember {
  current = answer.staff;
  setCsrfToken(answer.csrfToken);
  return answer.staff;
}

function forget(): void {
  current = undefined;
  setCsrfToken(undefined);
}

/** Step 1 of the login: the password; the server e-mails a 6-digit code. */
export async function sendStaffPassword(email: string, password: string): Promise<void> {
  await staffFetch('/auth/login', { method: 'POST', body: { email, password } });
}

async function loadSession(): Promise<StaffMember | undefined> {
  if (current) return current;
  try {
    return remember(await staffFetch<SessionAnswer>('/auth/me'));
  } catch (error) {
    if ((error as { status?: number }).status === 401) return undefined;
    throw error;
  }
}

/**
 * react-admin's authProvider: `login` is step 2 (the e-mailed code; step 1 is sendStaffPassword),
 * `checkAuth` asks /auth/me, permissions are the role, a 401 anywhere ends the session in the UI.
 */
export const authProvider: AuthProvider = {
  async login({ code }: { code: string }) {
    remember(await staffFetch<SessionAnswer>('/auth/code', { method: 'POST', body: { code } }));
  },
  async logout() {
    await staffFetch('/auth/logout', { method: 'POST' }).catch(() => undefined);
    forget();
  },
  async checkAuth() {
    // No message on the way in: the login page says what to do.
    if (!(await loadSession())) throw { message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw error;
    }
  },
  async getPermissions() {
    return (await loadSession())?.role;
  },
  async getIdentity() {
    const staff = await loadSession();
    if (!staff) throw new Error('Sin sesión');
    return { id: staff.id, fullName: staff.name };
  },
};
