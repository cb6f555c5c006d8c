import { PROFILE_REVIEW_STATES, STAFF_ROLES, type ProfileErrorCode } from '@prestamos-hn/domain';
import { z } from 'zod';
import { REGISTER_SORTS } from '../services/review/register.ts';

/** The staff API's request shapes, each field with its Spanish message (the first is answered). */
export const emailField = z
  .string({ error: 'Escribe tu correo.' })
  .trim()
  .min(1, 'Escribe tu correo.')
  .max(200, 'El correo es demasiado largo.')
  .pipe(z.email({ error: 'Escribe un correo válido.' }));

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
  password: z
    .string({ error: 'Escribe una contraseña inicial.' })
    .min(10, 'La contraseña debe tener al menos 10 caracteres.')
    .max(200, 'La contraseña es demasiado larga.'),
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

export const idParam = (name: string, message: string) =>
  z.object({
    [name]: z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  });

const pageFields = {
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'Página inválida.')
    .max(100_000, 'Página inválida.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe estar entre 1 y 100.' })
    .int('El tamaño de página debe estar entre 1 y 100.')
    .min(1, 'El tamaño de página debe estar entre 1 y 100.')
    .max(100, 'El tamaño de página debe estar entre 1 y 100.')
    .default(25),
};

export const pageQuery = z.object(pageFields);

export const registerQuery = z.object({
  q: z.string({ error: 'Búsqueda inválida.' }).trim().max(100, 'La búsqueda es demasiado larga.').optional(),
  state: z
    .enum(PROFILE_REVIEW_STATES, { error: 'Estado inválido: incompleto, en_revision, aprobado o devuelto.' })
    .optional(),
  sort: z.enum(REGISTER_SORTS, { error: 'Orden inválido: created, name o sent.' }).default('created'),
  order: z.enum(['asc', 'desc'], { error: 'Dirección inválida: asc o desc.' }).default('desc'),
  ...pageFields,
});

const checkbox = z.boolean({ error: 'Marca cada casilla con true o false.' }).default(false);
export const decisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('approve'),
      note: z.string({ error: 'Nota inválida.' }).trim().max(1000, 'La nota es demasiado larga.').default(''),
    }),
    z.object({
      decision: z.literal('return'),
      errorCode: z
        .number({ error: 'Elige el motivo de la devolución (0 a 5).' })
        .int('Elige el motivo de la devolución (0 a 5).')
        .min(0, 'Elige el motivo de la devolución (0 a 5).')
        .max(5, 'Elige el motivo de la devolución (0 a 5).')
        .transform((n) => n as ProfileErrorCode),
      failedItems: z
        .object({
          documents: z
            .object({ frontId: checkbox, backId: checkbox, utilityBill: checkbox, selfie: checkbox })
            .default({ frontId: false, backId: false, utilityBill: false, selfie: false }),
          references: z
            .object({ personal: checkbox, labour: checkbox })
            .default({ personal: false, labour: false }),
        })
        .default({
          documents: { frontId: false, backId: false, utilityBill: false, selfie: false },
          references: { personal: false, labour: false },
        }),
      note: z.string({ error: 'Nota inválida.' }).trim().max(1000, 'La nota es demasiado larga.').default(''),
    }),
  ],
  { error: 'Elige una decisión: approve o return.' },
);

const optionalDate = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.date({ error: message }).optional());
export const auditQuery = z.object({
  entity: z.enum(['borrower', 'staff'], { error: 'Entidad inválida: borrower o staff.' }).optional(),
  entityId: z.string().trim().max(40, 'Identificador inválido.').optional(),
  actorType: z.enum(['borrower', 'staff', 'system'], { error: 'Tipo de actor inválido.' }).optional(),
  actorId: z.string().trim().max(40, 'Identificador inválido.').optional(),
  action: z.string().trim().max(60, 'Acción inválida.').optional(),
  from: optionalDate('Fecha «desde» inválida.'),
  to: optionalDate('Fecha «hasta» inválida.'),
  ...pageFields,
});
