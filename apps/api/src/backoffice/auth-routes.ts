import type { FastifyInstance } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { confirmStaffCode, logInStaff, logOutStaff, toStaffView } from '../services/staff/auth.ts';
import { staffMessages } from '../services/staff/errors.ts';
import { csrfTokenFor, PENDING_SESSION_MS } from '../services/staff/staff-sessions.ts';
import { addRoute, clearStaffCookie, PENDING_COOKIE, SESSION_COOKIE, setStaffCookie } from './route.ts';
import { codeBody, loginBody } from './schemas.ts';

/** Password, then the e-mailed code, then a session cookie and its CSRF token. */
export function authRoutes(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, {
    method: 'POST',
    url: '/auth/login',
    access: 'public',
    body: loginBody,
    perMinutePerIp: 10,
    async handler({ body, client, reply }) {
      const token = await logInStaff(deps, body, client);
      setStaffCookie(reply, deps, PENDING_COOKIE, token, PENDING_SESSION_MS / 1000);
      return { step: 'code', message: staffMessages.codeSent };
    },
  });

  addRoute(app, deps, {
    method: 'POST',
    url: '/auth/code',
    access: 'pending',
    body: codeBody,
    perMinutePerIp: 20,
    async handler({ body, session, client, reply }) {
      const { token, staff } = await confirmStaffCode(deps, session, body.code, client);
      clearStaffCookie(reply, deps, PENDING_COOKIE);
      setStaffCookie(reply, deps, SESSION_COOKIE, token, deps.config.backoffice.absoluteMs / 1000);
      return { staff: toStaffView(staff), csrfToken: csrfTokenFor(token) };
    },
  });

  addRoute(app, deps, {
    method: 'POST',
    url: '/auth/logout',
    access: 'staff',
    async handler({ session, reply }) {
      await logOutStaff(deps, session);
      clearStaffCookie(reply, deps, SESSION_COOKIE);
      return { ok: true };
    },
  });

  addRoute(app, deps, {
    method: 'GET',
    url: '/auth/me',
    access: 'staff',
    async handler({ session, token }) {
      return { staff: toStaffView(session.staff), csrfToken: csrfTokenFor(token) };
    },
  });
}
