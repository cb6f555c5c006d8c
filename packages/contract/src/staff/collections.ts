import { ARREARS_BUCKETS, COLLECTION_STAGES } from '@prestamos-hn/domain';
import { z } from 'zod';
import { binaryResponse, defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { isoDate, isoInstant, pageFields, paged } from './fields.ts';
import { loanParams, scheduleChange } from './loans.ts';
import { staffInstalment } from './receipts.ts';

const cents = z.number().int();

/** The late statuses the collections queue holds: 8 Atrasado, 9 Alguacil, 10 Corte, 11 Recuperación previa al juicio. */
export const COLLECTIONS_STATUSES = [8, ...COLLECTION_STAGES] as const;
const bucketIds = ARREARS_BUCKETS.map((b) => b.id) as [string, ...string[]];

const collectionsStatusMessage = 'Estado inválido: uno de 8, 9, 10 u 11.';
const bucketMessage = `Tramo de atraso inválido: uno de ${bucketIds.join(', ')}.`;

const collectionsFilters = {
  status: z.coerce
    .number({ error: collectionsStatusMessage })
    .int(collectionsStatusMessage)
    .refine((n) => (COLLECTIONS_STATUSES as readonly number[]).includes(n), collectionsStatusMessage)
    .optional(),
  bucket: z.enum(bucketIds, { error: bucketMessage }).optional(),
};

export const collectionsListQuery = z.object({ ...collectionsFilters, ...pageFields });
export const collectionsExportQuery = z.object(collectionsFilters);

const noteKind = z.enum(['note', 'promise', 'stage']);

/** A collections note as staff read it: a note, a promise to pay or a stage change. */
export const collectionNote = z.object({
  id: z.number().int(),
  kind: noteKind,
  kindLabel: z.string(),
  text: z.string(),
  promisedOn: isoDate.nullable(),
  promisedAmountCents: cents.nullable(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  staffName: z.string(),
  createdAt: isoInstant,
});

/** A row of the collections queue. */
export const collectionsItem = z.object({
  loanId: z.number().int(),
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  personCode: z.string(),
  mobPhone: z.string(),
  amountCents: cents,
  /** What the past-due instalments still owe (late fees included). */
  overdueCents: cents,
  /** Days past due of the oldest uncovered past-due instalment (0 when none is past due). */
  daysLate: z.number().int().nonnegative(),
  /** '1-30', '31-60', '61-90' or '90+'; null at 0 days. */
  bucket: z.string().nullable(),
  bucketLabel: z.string().nullable(),
  status: z.number().int(),
  statusLabel: z.string(),
  lastNote: collectionNote.nullable(),
});

/** A loan's collections file: the queue's row, the schedule, its history and every note, newest first. */
export const collectionsFile = z.object({
  asOf: isoDate,
  loan: collectionsItem.omit({ lastNote: true }),
  schedule: z.array(staffInstalment),
  history: z.array(scheduleChange),
  notes: z.array(collectionNote),
});

const noteMessage = 'Escribe la nota.';
const noteText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(1000, 'El texto no puede tener más de 1000 caracteres.');

export const collectionNoteBody = z.object({ text: noteText(noteMessage) });

const promiseAmountMessage = 'Escribe el monto prometido en centavos, mayor que cero.';
export const paymentPromiseBody = z.object({
  promisedOn: z.iso.date({ error: 'Escribe la fecha prometida (AAAA-MM-DD).' }),
  amountCents: z
    .number({ error: promiseAmountMessage })
    .int(promiseAmountMessage)
    .positive(promiseAmountMessage)
    .max(100_000_000_00, 'El monto prometido es demasiado grande.'),
  text: noteText('Escribe una nota para la promesa.').optional(),
});

const stageMessage = 'Etapa inválida: 9 Alguacil, 10 Corte u 11 Recuperación previa al juicio.';
export const collectionStageBody = z.object({
  status: z.coerce
    .number({ error: stageMessage })
    .int(stageMessage)
    .refine((n) => (COLLECTION_STAGES as readonly number[]).includes(n), stageMessage),
  /** The status the person saw: a loan changed by someone else since answers 409. */
  fromStatus: z.number({ error: 'Falta el estado actual del préstamo.' }).int(),
  reason: noteText('Escribe el motivo del cambio de etapa.'),
});

export const collectionStageAnswer = z.object({
  loanId: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  note: collectionNote,
});

const csv = binaryResponse(['text/csv; charset=utf-8']);

/** Collections ('Cobranza'): the late loans by days late, a loan's collections file, notes, promises, stages. */
export const staffCollectionRows = {
  listCollections: defineStaffEndpoint({
    method: 'GET',
    path: '/collections',
    access: 'collections.read',
    summary:
      "Late loans (8-11), most days late first, with what is overdue, the arrears bucket and the last note, filtered by status and bucket, on today's Tegucigalpa date",
    query: collectionsListQuery,
    response: jsonResponse(paged(collectionsItem).extend({ asOf: isoDate })),
  }),
  exportCollections: defineStaffEndpoint({
    method: 'GET',
    path: '/collections/export',
    access: 'collections.read',
    summary: 'The collections queue with the same filters as CSV (UTF-8 with BOM, amounts in lempiras)',
    query: collectionsExportQuery,
    response: csv,
  }),
  getCollectionsFile: defineStaffEndpoint({
    method: 'GET',
    path: '/collections/:id',
    access: 'collections.read',
    summary: "A late loan's collections file: its schedule, the schedule's history and the notes",
    params: loanParams,
    response: jsonResponse(collectionsFile),
  }),
  addCollectionNote: defineStaffEndpoint({
    method: 'POST',
    path: '/collections/:id/notes',
    access: 'collections.manage',
    summary: 'Adds a note to a late loan (audited)',
    params: loanParams,
    body: collectionNoteBody,
    response: jsonResponse(collectionNote),
  }),
  addPaymentPromise: defineStaffEndpoint({
    method: 'POST',
    path: '/collections/:id/promises',
    access: 'collections.manage',
    summary: 'Records a promise to pay: a date from today on and an amount in centavos (audited)',
    params: loanParams,
    body: paymentPromiseBody,
    response: jsonResponse(collectionNote),
  }),
  changeCollectionStage: defineStaffEndpoint({
    method: 'POST',
    path: '/collections/:id/stage',
    access: 'collections.manage',
    summary:
      'Moves a late loan from 8 to 9 Alguacil, 10 Corte or 11 Recuperación previa al juicio, or between them, with a reason (409 when its status changed meanwhile)',
    params: loanParams,
    body: collectionStageBody,
    response: jsonResponse(collectionStageAnswer),
  }),
};
