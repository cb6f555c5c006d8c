import {
  ARREARS_BUCKETS,
  arrearsBucket,
  COLLECTION_STAGES,
  isCollectionStage,
  LOAN_STATUS,
  loanStatusLabel,
  todayInTegucigalpa,
} from '@prestamos-hn/domain';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { sqlList } from '../../db/sql-literals.ts';
import { collectionNotes, loans, staffAccounts } from '../../db/schema/index.ts';
import type { CollectionNoteKind } from '../../db/schema/servicing.ts';
import { UserError } from '../../errors.ts';
import { writeAudit, writeExportAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import { toStaffInstalment } from '../shared/staff-instalment.ts';
import { csvFile, type CsvCell } from '../shared/csv.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { getScheduleHistory } from '../shared/schedule-history.ts';

/** The loans the collections queue holds: 8 Atrasado and the stages staff set (9, 10, 11). */
export const COLLECTIONS_LOAN_STATUSES = [LOAN_STATUS.late, ...COLLECTION_STAGES] as const;

export const collectionsMessages = {
  loanNotFound: 'No encontramos ese préstamo.',
  notInCollections: 'Este préstamo no está en cobranza (solo préstamos atrasados: estados 8 a 11).',
  promiseInPast: 'La fecha prometida no puede ser anterior a hoy.',
  sameStage: 'El préstamo ya está en esa etapa.',
  statusChanged:
    'El estado de este préstamo cambió mientras lo veías (otra persona lo movió). Recarga la ficha e intenta de nuevo.',
} as const;

export const NOTE_KIND_LABELS: Record<CollectionNoteKind, string> = {
  note: 'Nota',
  promise: 'Promesa de pago',
  stage: 'Cambio de etapa',
};

export interface CollectionsFilters {
  status?: number;
  bucket?: string;
}

/** What an uncovered instalment still owes (late fee, interest, administrative fee, principal). */
const remaining =
  sql.raw(`(i.late_fee_cents - i.late_fee_covered_cents + i.charge_cents - i.charge_covered_cents
  + i.administrator_fee_cents - i.administrator_fee_covered_cents + i.amount_cents - i.amount_covered_cents)`);

interface QueueRow {
  loan_id: number;
  borrower_id: number;
  first_name: string;
  second_name: string;
  first_surname: string;
  second_surname: string;
  person_code: string;
  mob_phone: string;
  amount_cents: number | string;
  status: number;
  overdue_cents: number | string;
  days_late: number | string;
  note_id: number | null;
  note_kind: CollectionNoteKind | null;
  note_text: string | null;
  promised_on: string | null;
  promised_amount_cents: number | string | null;
  from_status: number | null;
  to_status: number | null;
  note_staff: string | null;
  note_created_at: Date | string | null;
  total: number | string;
}

const dateText = (value: Date | string): string =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * The late loans on `today`, set-based: each loan's overdue total and the due date of its oldest
 * uncovered past-due instalment in one aggregate, its last note in a lateral join, the bucket from
 * the days late; filtered, ordered by days late (most first) and paged in the same statement.
 */
async function queryQueue(
  db: DbOrTx,
  today: string,
  filters: CollectionsFilters,
  page?: { limit: number; offset: number },
  /** One loan only (its collections file). */
  loanId?: number,
) {
  const statuses = sqlList(COLLECTIONS_LOAN_STATUSES);
  const conditions: SQL[] = [sql`true`];
  const oneLoan = loanId === undefined ? sql`` : sql`and l.id = ${loanId}`;
  if (filters.status !== undefined) conditions.push(sql`q.status = ${filters.status}`);
  const bucket = ARREARS_BUCKETS.find((b) => b.id === filters.bucket);
  if (bucket) {
    conditions.push(sql`q.days_late >= ${bucket.from}`);
    if (Number.isFinite(bucket.to)) conditions.push(sql`q.days_late <= ${bucket.to}`);
  }
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const result = await db.execute(sql`
    with overdue as (
      select i.loan_id, min(i.due_date) as oldest_due, sum(${remaining}) as overdue_cents
      from instalments i
      join loans l on l.id = i.loan_id and l.status in (${statuses}) ${oneLoan}
      where i.due_date < ${today}::date and ${remaining} > 0 and i.voided_at is null
      group by i.loan_id
    ),
    q as (
      select l.id as loan_id, l.borrower_id, l.amount_cents, l.status,
        coalesce(o.overdue_cents, 0) as overdue_cents,
        coalesce(${today}::date - o.oldest_due, 0) as days_late
      from loans l
      left join overdue o on o.loan_id = l.id
      where l.status in (${statuses}) ${oneLoan}
    )
    select q.*, b.first_name, b.second_name, b.first_surname, b.second_surname, b.person_code, b.mob_phone,
      n.id as note_id, n.kind as note_kind, n.text as note_text, n.promised_on::text as promised_on,
      n.promised_amount_cents, n.from_status, n.to_status, n.staff_name as note_staff,
      n.created_at as note_created_at, count(*) over () as total
    from q
    join borrowers b on b.id = q.borrower_id
    left join lateral (
      select cn.*, s.name as staff_name from collection_notes cn
      join staff_accounts s on s.id = cn.staff_id
      where cn.loan_id = q.loan_id
      order by cn.id desc limit 1
    ) n on true
    where ${sql.join(conditions, sql` and `)}
    order by q.days_late desc, q.loan_id
    ${paging}
  `);
  return rowsOf<QueueRow>(result);
}

function toQueueItem(r: QueueRow) {
  const daysLate = Number(r.days_late);
  const bucket = arrearsBucket(daysLate);
  return {
    loanId: r.loan_id,
    borrowerId: r.borrower_id,
    borrowerName: [r.first_name, r.second_name, r.first_surname, r.second_surname]
      .filter((n) => n.trim() !== '')
      .join(' '),
    personCode: r.person_code,
    mobPhone: r.mob_phone,
    amountCents: Number(r.amount_cents),
    overdueCents: Number(r.overdue_cents),
    daysLate,
    bucket,
    bucketLabel: bucket === null ? null : ARREARS_BUCKETS.find((b) => b.id === bucket)!.label,
    status: r.status,
    statusLabel: loanStatusLabel(r.status),
    lastNote:
      r.note_id === null
        ? null
        : {
            id: r.note_id,
            kind: r.note_kind!,
            kindLabel: NOTE_KIND_LABELS[r.note_kind!],
            text: r.note_text!,
            promisedOn: r.promised_on,
            promisedAmountCents: r.promised_amount_cents === null ? null : Number(r.promised_amount_cents),
            fromStatus: r.from_status,
            toStatus: r.to_status,
            staffName: r.note_staff!,
            createdAt: new Date(r.note_created_at!).toISOString(),
          },
  };
}

/**
 * The collections queue ('Cobranza') on today's Tegucigalpa date: loans in 8-11, most days late
 * first (days past due of the oldest uncovered past-due instalment), with what is overdue, the
 * arrears bucket and the last note or promise; filtered by status and bucket, one page.
 */
export async function listCollections(
  deps: Pick<Deps, 'db' | 'clock'>,
  query: CollectionsFilters & { page: number; pageSize: number },
) {
  const asOf = todayInTegucigalpa(deps.clock.now());
  const rows = await queryQueue(deps.db, asOf, query, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: count what the filters hold all the same.
    total =
      (await queryQueue(deps.db, asOf, query, { limit: 1, offset: 0 })).map((r) => Number(r.total))[0] ?? 0;
  }
  return { items: rows.map(toQueueItem), total, page: query.page, pageSize: query.pageSize, asOf };
}

/** The whole queue with the same filters as CSV ('cobranza-YYYY-MM-DD.csv'); the export is audited. */
export async function exportCollections(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  filters: CollectionsFilters,
) {
  const asOf = todayInTegucigalpa(deps.clock.now());
  const items = (await queryQueue(deps.db, asOf, filters)).map(toQueueItem);
  const rows = items.map((i): CsvCell[] => [
    i.loanId,
    i.borrowerName,
    i.personCode,
    i.mobPhone,
    { cents: i.amountCents },
    { cents: i.overdueCents },
    i.daysLate,
    i.bucketLabel,
    `${i.status} ${i.statusLabel}`,
    i.lastNote?.text ?? null,
    i.lastNote?.promisedOn ?? null,
    i.lastNote?.promisedAmountCents == null ? null : { cents: i.lastNote.promisedAmountCents },
    i.lastNote ? dateText(i.lastNote.createdAt) : null,
  ]);
  await writeExportAudit(deps, staff, 'collections', {
    filters: { status: filters.status ?? null, bucket: filters.bucket ?? null, asOf },
    rows: rows.length,
  });
  return csvFile(
    `cobranza-${asOf}.csv`,
    [
      'Préstamo',
      'Cliente',
      'Identidad',
      'Teléfono',
      'Monto (L)',
      'Vencido (L)',
      'Días de atraso',
      'Tramo',
      'Estado',
      'Última nota',
      'Fecha prometida',
      'Monto prometido (L)',
      'Fecha de la nota',
    ],
    rows,
  );
}

async function listNotes(db: DbOrTx, loanId: number, noteId?: number) {
  const rows = await db
    .select({ note: collectionNotes, staffName: staffAccounts.name })
    .from(collectionNotes)
    .innerJoin(staffAccounts, eq(staffAccounts.id, collectionNotes.staffId))
    .where(
      noteId === undefined
        ? eq(collectionNotes.loanId, loanId)
        : and(eq(collectionNotes.loanId, loanId), eq(collectionNotes.id, noteId)),
    )
    .orderBy(desc(collectionNotes.id));
  return rows.map(({ note, staffName }) => ({
    id: note.id,
    kind: note.kind,
    kindLabel: NOTE_KIND_LABELS[note.kind],
    text: note.text,
    promisedOn: note.promisedOn,
    promisedAmountCents: note.promisedAmountCents,
    fromStatus: note.fromStatus,
    toStatus: note.toStatus,
    staffName,
    createdAt: note.createdAt.toISOString(),
  }));
}

async function loadLoanInCollections(db: DbOrTx, loanId: number) {
  const [loan] = Number.isSafeInteger(loanId)
    ? await db.select({ id: loans.id, status: loans.status }).from(loans).where(eq(loans.id, loanId)).limit(1)
    : [];
  if (!loan) throw notFound(collectionsMessages.loanNotFound);
  if (!(COLLECTIONS_LOAN_STATUSES as readonly number[]).includes(loan.status)) {
    throw conflict(collectionsMessages.notInCollections);
  }
  return loan;
}

/** A late loan's collections file: its queue row, its schedule, the schedule's history and every note (newest first). */
export async function getCollectionsFile(deps: Pick<Deps, 'db' | 'clock'>, loanId: number) {
  const loan = await loadLoanInCollections(deps.db, loanId);
  const asOf = todayInTegucigalpa(deps.clock.now());
  const [row] = await queryQueue(deps.db, asOf, {}, undefined, loan.id);
  const { lastNote: _lastNote, ...item } = toQueueItem(row!);
  const schedule = await getLoanSchedule(deps.db, loan.id);
  return {
    asOf,
    loan: item,
    schedule: schedule.map(toStaffInstalment),
    history: await getScheduleHistory(deps.db, loan.id),
    notes: await listNotes(deps.db, loan.id),
  };
}

async function insertNote(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  loanId: number,
  values: Omit<typeof collectionNotes.$inferInsert, 'loanId' | 'staffId' | 'createdAt'>,
  auditAfter: Record<string, unknown>,
) {
  return deps.db.transaction(async (tx) => {
    const loan = await loadLoanInCollections(tx, loanId);
    const [note] = await tx
      .insert(collectionNotes)
      .values({ ...values, loanId: loan.id, staffId: staff.id, createdAt: deps.clock.now() })
      .returning({ id: collectionNotes.id });
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: values.kind === 'promise' ? 'collection.promise' : 'collection.note',
      entity: 'loan',
      entityId: loan.id,
      after: { noteId: note!.id, ...auditAfter },
    });
    const [answer] = await listNotes(tx, loan.id, note!.id);
    return answer!;
  });
}

/** A note on a late loan (8-11), audited as collection.note. */
export function addCollectionNote(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  loanId: number,
  input: { text: string },
) {
  return insertNote(deps, staff, loanId, { kind: 'note', text: input.text }, { text: input.text });
}

/**
 * A promise to pay on a late loan: a date from today on (Tegucigalpa) and an amount in centavos,
 * with an optional note ('Promesa de pago' when none), audited as collection.promise.
 */
export function addPaymentPromise(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  loanId: number,
  input: { promisedOn: string; amountCents: number; text?: string },
) {
  const today = todayInTegucigalpa(deps.clock.now());
  if (input.promisedOn < today)
    throw new UserError(collectionsMessages.promiseInPast, { field: 'promisedOn' });
  const text = input.text ?? NOTE_KIND_LABELS.promise;
  return insertNote(
    deps,
    staff,
    loanId,
    { kind: 'promise', text, promisedOn: input.promisedOn, promisedAmountCents: input.amountCents },
    { promisedOn: input.promisedOn, amountCents: input.amountCents, text },
  );
}

/**
 * Moves a late loan to a collections stage: from 8 Atrasado to 9 Alguacil, 10 Corte or 11
 * Recuperación previa al juicio, or between those three (a case escalates, or goes back from court
 * to pre-trial recovery); never back to 8 by hand (the stages are a staff decision the daily run
 * leaves alone, see the domain's loanStatusAfterRun). In one transaction: a conditional UPDATE on
 * the status the person saw (`fromStatus`), the 'stage' note with the reason and an audit row; of
 * two people at once exactly one moves the loan, the other gets 409 and writes nothing.
 */
export async function changeCollectionStage(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  loanId: number,
  input: { status: number; fromStatus: number; reason: string },
) {
  if (!isCollectionStage(input.status)) throw new UserError(collectionsMessages.notInCollections);
  const loan = await loadLoanInCollections(deps.db, loanId);
  if (loan.status !== input.fromStatus) throw conflict(collectionsMessages.statusChanged);
  if (loan.status === input.status) throw conflict(collectionsMessages.sameStage);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [moved] = await tx
      .update(loans)
      .set({ status: input.status, updatedAt: now })
      .where(and(eq(loans.id, loan.id), eq(loans.status, input.fromStatus)))
      .returning({ id: loans.id });
    if (!moved) throw conflict(collectionsMessages.statusChanged);
    const [note] = await tx
      .insert(collectionNotes)
      .values({
        loanId: loan.id,
        staffId: staff.id,
        kind: 'stage',
        text: input.reason,
        fromStatus: input.fromStatus,
        toStatus: input.status,
        createdAt: now,
      })
      .returning({ id: collectionNotes.id });
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'collection.stage',
      entity: 'loan',
      entityId: loan.id,
      before: { status: input.fromStatus },
      after: { status: input.status, reason: input.reason, noteId: note!.id },
    });
    const [answer] = await listNotes(tx, loan.id, note!.id);
    return {
      loanId: loan.id,
      status: input.status,
      statusLabel: loanStatusLabel(input.status),
      note: answer!,
    };
  });
}
