import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { isoInstant, pageFields, paged } from './fields.ts';

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
  /**
   * Every view of one borrower's data by staff (their file, through the register or a loan's file,
   * their documents, their receipts' photos, their chat): admins only (`audit.all`).
   */
  viewsOfBorrower: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'ID del prestatario inválido.' })
      .int('ID del prestatario inválido.')
      .positive('ID del prestatario inválido.')
      .optional(),
  ),
  ...pageFields,
});

/** An audited change: who (borrower, staff or system), what, on which entity, before and after. */
export const auditItem = z.object({
  id: z.number().int(),
  at: isoInstant,
  actorType: z.string(),
  actorId: z.string().nullable(),
  /** A staff member's name (null for a borrower, the system, or an account not found). */
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

/** The audit list. */
export const staffAuditRows = {
  listAudit: defineStaffEndpoint({
    method: 'GET',
    path: '/audit',
    access: 'borrowers.audit',
    summary:
      "The audit list, newest first, with filters (a role without audit.all sees the rows about borrowers; only audit.all may ask for every view of one borrower's data, viewsOfBorrower)",
    query: auditQuery,
    response: jsonResponse(paged(auditItem)),
  }),
};
