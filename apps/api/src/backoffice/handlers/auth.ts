import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { confirmStaffCode, logInStaff, logOutStaff, toStaffView } from '../../services/staff/auth.ts';
import { staffMessages } from '../../services/shared/refusals.ts';
import { setStaffPasswordByLink } from '../../services/staff/password-links.ts';
import { changeOwnStaffPassword } from '../../services/staff/staff-accounts.ts';
import { csrfTokenFor, PENDING_SESSION_MS } from '../../services/staff/staff-sessions.ts';
import type { StaffHandlerTable } from '../handler.ts';
import { clearStaffCookie, PENDING_COOKIE, SESSION_COOKIE, setStaffCookie } from '../route.ts';

/** Password, then the e-mailed code, then a session cookie and its CSRF token. */
export const authHandlers = {
  async logIn({ deps, body, client, reply }) {
    const token = await logInStaff(deps, body, client);
    setStaffCookie(reply, deps, PENDING_COOKIE, token, PENDING_SESSION_MS / 1000);
    return { step: 'code', message: staffMessages.codeSent };
  },

  async confirmCode({ deps, body, session, client, reply }) {
    const { token, staff } = await confirmStaffCode(deps, session, body.code, client);
    clearStaffCookie(reply, deps, PENDING_COOKIE);
    setStaffCookie(reply, deps, SESSION_COOKIE, token, deps.config.backoffice.absoluteMs / 1000);
    return { staff: toStaffView(staff), csrfToken: csrfTokenFor(token) };
  },

  async logOut({ deps, session, reply }) {
    await logOutStaff(deps, session);
    clearStaffCookie(reply, deps, SESSION_COOKIE);
    return { ok: true };
  },

  async getSession({ session, token }) {
    return { staff: toStaffView(session.staff), csrfToken: csrfTokenFor(token) };
  },

  setPasswordByLink: ({ deps, body, client }) => setStaffPasswordByLink(deps, body, client),

  async changeOwnPassword({ deps, body, session, token }) {
    const { endedSessions, staff } = await changeOwnStaffPassword(deps, session, body);
    return {
      staff: toStaffView(staff),
      csrfToken: csrfTokenFor(token),
      endedSessions,
      message: staffMessages.passwordChanged,
    };
  },
} satisfies StaffHandlerTable<StaffEndpointNameOf<'auth'>>;
