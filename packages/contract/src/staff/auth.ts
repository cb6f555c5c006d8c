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
  /** An admin forced a reset: the back-office asks for a new password before anything else. */
  mustChangePassword: z.boolean(),
});

/** The shortest staff password (the first admin's BACKOFFICE_ADMIN_PASSWORD too). */
export const STAFF_PASSWORD_MIN_LENGTH = 10;

/** A staff password as the staff API takes it: at least 10 characters (and not a common one, server side). */
export const staffPasswordField = (required: string) =>
  z
    .string({ error: required })
    .min(
      STAFF_PASSWORD_MIN_LENGTH,
      `La contraseña debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`,
    )
    .max(200, 'La contraseña es demasiado larga.');

export const changeOwnPasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'Escribe tu contraseña actual.' })
      .min(1, 'Escribe tu contraseña actual.')
      .max(200, 'La contraseña es demasiado larga.'),
    newPassword: staffPasswordField('Escribe la nueva contraseña.'),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: 'La nueva contraseña debe ser distinta de la actual.',
    path: ['newPassword'],
  });

/** A link's token (from the e-mail, `#/login?clave=…`) and the new password it sets. */
export const passwordLinkBody = z.object({
  token: z
    .string({ error: 'El enlace no está completo. Ábrelo de nuevo desde el correo.' })
    .trim()
    .min(1, 'El enlace no está completo. Ábrelo de nuevo desde el correo.')
    .max(100, 'El enlace no está completo. Ábrelo de nuevo desde el correo.'),
  newPassword: staffPasswordField('Escribe la nueva contraseña.'),
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
  setPasswordByLink: defineStaffEndpoint({
    method: 'POST',
    path: '/auth/password-link',
    access: 'public',
    summary:
      'Sets a new password with an e-mailed link (after a forced reset, or to get past the wrong-password waits): single use; ends every session of the account and clears its lock and waits (audited)',
    body: passwordLinkBody,
    response: jsonResponse(z.object({ message: z.string() })),
  }),
  changeOwnPassword: defineStaffEndpoint({
    method: 'POST',
    path: '/auth/password',
    access: 'staff',
    summary:
      "Changes the caller's own password (the current one required): ends every other session of theirs (audited)",
    body: changeOwnPasswordBody,
    response: jsonResponse(
      sessionAnswer.extend({ endedSessions: z.number().int().nonnegative(), message: z.string() }),
    ),
  }),
};
