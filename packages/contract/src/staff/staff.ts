import { STAFF_ROLES } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { staffPasswordField } from './auth.ts';
import { emailField, idField, isoInstant } from './fields.ts';

const roleField = z.enum(STAFF_ROLES, { error: 'Elige un rol: admin, analyst, cashier o support.' });
const nameField = z
  .string({ error: 'Escribe el nombre.' })
  .trim()
  .min(1, 'Escribe el nombre.')
  .max(120, 'El nombre es demasiado largo.');

export const createStaffBody = z.object({
  email: emailField,
  name: nameField,
  role: roleField,
  password: staffPasswordField('Escribe una contraseña inicial.'),
});

export const updateStaffBody = z
  .object({
    name: nameField.optional(),
    role: roleField.optional(),
    disabled: z.boolean({ error: 'Indica si la cuenta está deshabilitada (true o false).' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.disabled !== undefined, {
    error: 'Indica qué cambiar: nombre, rol o estado.',
    path: ['role'],
  });

/** A staff account as admins manage it (never its password hash). */
export const staffAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  /** An admin forced a reset that the person has not done yet. */
  mustChangePassword: z.boolean(),
  createdAt: isoInstant,
});

/** Staff management: admins only. */
export const staffAccountRows = {
  listStaff: defineStaffEndpoint({
    method: 'GET',
    path: '/staff',
    access: 'staff.manage',
    summary: 'Every staff account, oldest first',
    response: jsonResponse(z.object({ items: z.array(staffAccount) })),
  }),
  createStaff: defineStaffEndpoint({
    method: 'POST',
    path: '/staff',
    access: 'staff.manage',
    summary: 'Creates a staff account with an initial password (audited)',
    body: createStaffBody,
    response: jsonResponse(z.object({ staff: staffAccount })),
  }),
  updateStaff: defineStaffEndpoint({
    method: 'PATCH',
    path: '/staff/:id',
    access: 'staff.manage',
    summary: 'Changes the name or role, or disables / enables the account (ends its sessions; audited)',
    params: z.object({ id: idField('Identificador de personal inválido.') }),
    body: updateStaffBody,
    response: jsonResponse(z.object({ staff: staffAccount })),
  }),
  forcePasswordReset: defineStaffEndpoint({
    method: 'POST',
    path: '/staff/:id/password-reset',
    access: 'staff.manage',
    summary:
      'Forces a password reset: ends the sessions of that staff member, makes the old password unusable and e-mails a link (24 hours) to set a new one (audited)',
    params: z.object({ id: idField('Identificador de personal inválido.') }),
    response: jsonResponse(z.object({ staff: staffAccount })),
  }),
};
