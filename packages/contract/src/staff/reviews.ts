import type { ProfileErrorCode } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoInstant, pageQuery, paged } from './fields.ts';

const checkbox = z.boolean({ error: 'Marca cada casilla con true o false.' }).default(false);
/** The profile's revision the review screen showed (the file's `profile.revision`); a newer one refuses the decision. */
const versionField = z
  .number({ error: 'Indica la versión del perfil que revisaste (version).' })
  .int('Indica la versión del perfil que revisaste (version).')
  .min(1, 'Indica la versión del perfil que revisaste (version).');
export const decisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('approve'),
      version: versionField,
      note: z.string({ error: 'Nota inválida.' }).trim().max(1000, 'La nota es demasiado larga.').default(''),
    }),
    z.object({
      decision: z.literal('return'),
      version: versionField,
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

/** A profile waiting for review. */
export const queueItem = z.object({
  borrowerId: z.number().int(),
  personCode: z.string(),
  name: z.string(),
  sentForReviewAt: isoInstant,
  waitingMinutes: z.number().int().nonnegative(),
  /** Sent again after a return. */
  resubmitted: z.boolean(),
});

/** The review queue and an analyst's decision. */
export const staffReviewRows = {
  listReviewQueue: defineStaffEndpoint({
    method: 'GET',
    path: '/reviews/queue',
    access: 'reviews.read',
    summary: 'Profiles sent for review and undecided, oldest first, with the time waiting',
    query: pageQuery,
    response: jsonResponse(paged(queueItem)),
  }),
  decideProfile: defineStaffEndpoint({
    method: 'POST',
    path: '/reviews/:id/decision',
    access: 'reviews.decide',
    summary:
      'Approves or returns a profile sent for review, as of the revision the analyst saw (409 when another analyst decided first, or the borrower changed it since)',
    params: z.object({ id: idField('Identificador de cliente inválido.') }),
    body: decisionBody,
    response: jsonResponse(
      z.object({
        reviewId: z.number().int(),
        decision: z.enum(['approve', 'return']),
        /** The profile's status after the decision: '1' approved, '0' returned. */
        status: z.string(),
        /** The review outcome 0-5 of a return (the legacy field name), null once approved. */
        errores_perfil: z.number().int().nullable(),
        /** The date of the decision, YYYY-MM-DD. */
        modified: z.string().nullable(),
        decidedAt: isoInstant,
      }),
    ),
  }),
};
