import { LOAN_STATUS_LABELS } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoDate, isoInstant, pageFields, paged } from './fields.ts';

const loanId = idField('Identificador de préstamo inválido.');
export const loanParams = z.object({ id: loanId });

const statusCodes = Object.keys(LOAN_STATUS_LABELS).map(Number);
const statusMessage = `Estado inválido: uno de ${statusCodes.join(', ')}.`;

export const loanListQuery = z.object({
  status: z.coerce
    .number({ error: statusMessage })
    .int(statusMessage)
    .refine((n) => statusCodes.includes(n), statusMessage)
    .optional(),
  q: z.string({ error: 'Búsqueda inválida.' }).trim().max(100, 'La búsqueda es demasiado larga.').optional(),
  ...pageFields,
});

const cents = z.number().int();

/** A row of the loan desk. */
export const loanListItem = z.object({
  id: z.number().int(),
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  personCode: z.string(),
  mobPhone: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  periodType: z.string(),
  purpose: z.string(),
  amountCents: cents,
  totalCents: cents,
  termDays: z.number().int(),
  payments: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  requestCity: z.string().nullable(),
  createdAt: isoInstant,
  waitingMinutes: z.number().int().nonnegative(),
});

const reasonField = z
  .string({ error: 'Escribe el motivo del rechazo: el cliente lo leerá.' })
  .trim()
  .min(1, 'Escribe el motivo del rechazo: el cliente lo leerá.')
  .max(500, 'El motivo del rechazo no puede tener más de 500 caracteres.');

export const loanDecisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('take') }),
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('reject'), reason: reasonField }),
  ],
  { error: 'Elige una decisión: take, approve o reject.' },
);

export const disbursementBody = z.object({
  disbursedOn: z
    .string({ error: 'Escribe la fecha del desembolso (AAAA-MM-DD).' })
    .trim()
    .pipe(z.iso.date({ error: 'Escribe la fecha del desembolso (AAAA-MM-DD).' })),
  reference: z
    .string({ error: 'Escribe la referencia de la transferencia del desembolso.' })
    .trim()
    .min(1, 'Escribe la referencia de la transferencia del desembolso.')
    .max(100, 'La referencia no puede tener más de 100 caracteres.'),
});

/** The loan desk: requests to decide, loans to disburse, and every loan by status. */
export const staffLoanRows = {
  listLoans: defineStaffEndpoint({
    method: 'GET',
    path: '/loans',
    access: 'loans.read',
    summary:
      'Loans, newest first (oldest first for 0 Enviado and 1 Reuniendo), filtered by status and search, with the count per status',
    query: loanListQuery,
    response: jsonResponse(paged(loanListItem).extend({ counts: z.record(z.string(), z.number().int()) })),
  }),
  decideLoan: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/:id/decision',
    access: 'loans.decide',
    summary:
      'Takes (0→1), approves (0|1→5) or rejects (0|1|5→2) a loan request (409 when another analyst decided first)',
    params: loanParams,
    body: loanDecisionBody,
    response: jsonResponse(
      z.object({
        id: z.number().int(),
        decision: z.enum(['take', 'approve', 'reject']),
        status: z.number().int(),
        statusLabel: z.string(),
        rejectionReason: z.string().nullable(),
        decidedAt: isoInstant,
      }),
    ),
  }),
  recordDisbursement: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/:id/disbursement',
    access: 'loans.disburse',
    summary:
      'Records that an approved loan was disbursed (5→3) and makes its schedule; the same disbursement again answers the same',
    params: loanParams,
    body: disbursementBody,
    response: jsonResponse(
      z.object({
        id: z.number().int(),
        status: z.number().int(),
        statusLabel: z.string(),
        disbursedOn: isoDate,
        reference: z.string(),
        instalments: z.array(
          z.object({
            id: z.number().int(),
            position: z.number().int(),
            dueDate: isoDate,
            chargeCents: cents,
            administratorFeeCents: cents,
            amountCents: cents,
            status: z.number().int(),
          }),
        ),
      }),
    ),
  }),
};
