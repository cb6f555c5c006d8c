import { STAFF_ROLES } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { emailField } from './fields.ts';

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: 'Escribe tu contraseña.' })
    .min(1, 'Escribe tu contraseña.')
    .max(200, 'La contraseña es demasiado larga.'),
});

export const codeBody = z.object({
  code: z
    .string({ error: 'Escribe el código de 6 dígitos.' })
    .trim()
    .regex(/^\d{6}$/, 'Escribe el código de 6 dígitos.'),
});

/** The logged-in staff member as the session answers give it. */
export const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});

/** The staff member and the session's CSRF token, to send as `x-csrf-token` on every change. */
const sessionAnswer = z.object({ staff: staffMember, csrfToken: z.string() });

/** Password, then the e-mailed code, then a session cookie and its CSRF token. */
export const staffAuthRows = {
  logIn: defineStaffEndpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary: 'Password step: e-mails a 6-digit code and sets the pending cookie (bo_pending)',
    body: loginBody,
    response: jsonResponse(z.object({ step: z.literal('code'), message: z.string() })),
  }),
  confirmCode: defineStaffEndpoint({
    method: 'POST',
    path: '/auth/code',
    access: 'pending',
    summary: 'Code step: the e-mailed code turns the pending session into a session cookie (bo_session)',
    body: codeBody,
    response: jsonResponse(sessionAnswer),
  }),
  logOut: defineStaffEndpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'staff',
    summary: 'Ends the session and clears its cookie',
    response: jsonResponse(z.object({ ok: z.literal(true) })),
  }),
  getSession: defineStaffEndpoint({
    method: 'GET',
    path: '/auth/me',
    access: 'staff',
    summary: 'The logged-in staff member and the CSRF token of the session',
    response: jsonResponse(sessionAnswer),
  }),
};
