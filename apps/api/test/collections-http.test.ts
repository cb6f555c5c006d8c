import { INSTALMENT_STATUS as I, LOAN_STATUS as L } from '@prestamos-hn/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, collectionNotes, instalments, loans } from '../src/db/schema/index.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { deskBrowsers, expectError, type DeskBrowsers } from './support/backoffice.ts';
import {
  borrowerWithDisbursedLoan,
  INSTALMENT_CENTS,
  paymentStaff,
  scheduleOf,
  type Staff,
} from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Collections ('Cobranza') and the portfolio ('Cartera') through the staff API: loans disbursed on
// 2026-11-22 (first instalment L 417.21 due 2026-12-22, late fee L 100) go late on the daily run of
// 2026-12-23; the queue is read on 2027-01-05 at 09:00 in Tegucigalpa, 14 days late.
const START = '2026-11-22T15:00:00Z';
const AS_OF = '2027-01-05';
const LATE_FEE = 10_000;

let t: TestApp;
let staff: Staff;
let browsers: DeskBrowsers;
let late: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
let older: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
let racing: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
let paying: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;

beforeAll(async () => {
  t = await createTestApp({ now: START });
  staff = await paymentStaff(t);
  late = await borrowerWithDisbursedLoan(t, staff);
  older = await borrowerWithDisbursedLoan(t, staff);
  racing = await borrowerWithDisbursedLoan(t, staff);
  paying = await borrowerWithDisbursedLoan(t, staff);
  // `paying` has its first instalment covered: it stays 3 Pagando.
  await t.deps.db
    .update(instalments)
    .set({
      amountCoveredCents: instalments.amountCents,
      chargeCoveredCents: instalments.chargeCents,
      administratorFeeCoveredCents: instalments.administratorFeeCents,
    })
    .where(and(eq(instalments.loanId, paying.loanId), eq(instalments.position, 1)));
  for (const date of ['2026-12-22', '2026-12-23', AS_OF]) {
    t.clock.set(`${date}T15:00:00Z`);
    const outcome = await runServicingDate(t.deps, date);
    expect(outcome).toBeTruthy();
  }
  // `older` is 65 days late: its first instalment fell due on 2026-11-01 (bucket 61-90).
  await t.deps.db
    .update(instalments)
    .set({ dueDate: '2026-11-01' })
    .where(and(eq(instalments.loanId, older.loanId), eq(instalments.position, 1)));
  browsers = await deskBrowsers(t);
});
afterAll(() => t.close());

interface QueueItem {
  loanId: number;
  borrowerName: string;
  personCode: string;
  overdueCents: number;
  amountCents: number;
  daysLate: number;
  bucket: string | null;
  status: number;
  lastNote: {
    kind: string;
    text: string;
    promisedOn: string | null;
    promisedAmountCents: number | null;
  } | null;
}
const itemsOf = (json: Record<string, unknown>) => json.items as QueueItem[];
const ours = (items: QueueItem[]) =>
  items.filter((i) => [late, older, racing, paying].some((b) => b.loanId === i.loanId));
const loanStatus = async (loanId: number) =>
  (await t.deps.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status;
const auditOf = (loanId: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'loan'), eq(auditLog.entityId, String(loanId)), eq(auditLog.action, action)),
    )
    .orderBy(asc(auditLog.id));

describe('GET /collections', () => {
  it('lists the late loans, most days late first, with what is overdue and the bucket', async () => {
    const res = await browsers.cashier.get('/collections?pageSize=100');
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json.asOf).toBe(AS_OF);
    const items = ours(itemsOf(res.json));
    expect(items.map((i) => i.loanId)).toEqual([
      older.loanId,
      ...[late.loanId, racing.loanId].sort((a, b) => a - b),
    ]);
    expect(items[0]).toMatchObject({ daysLate: 65, bucket: '61-90', status: L.late });
    const row = items.find((i) => i.loanId === late.loanId)!;
    expect(row).toMatchObject({
      daysLate: 14,
      bucket: '1-30',
      status: L.late,
      statusLabel: 'Atrasado',
      overdueCents: INSTALMENT_CENTS + LATE_FEE,
      lastNote: null,
    });
    expect(row.borrowerName).not.toBe('');
    // 3 Pagando is not in the queue.
    expect(itemsOf(res.json).some((i) => i.loanId === paying.loanId)).toBe(false);
  });

  it('filters by bucket and status, and pages', async () => {
    const bucket = ours(itemsOf((await browsers.cashier.get('/collections?bucket=61-90&pageSize=100')).json));
    expect(bucket.map((i) => i.loanId)).toEqual([older.loanId]);
    const page = await browsers.cashier.get('/collections?pageSize=1&page=2');
    expect(page.statusCode).toBe(200);
    expect(itemsOf(page.json)).toHaveLength(1);
    expect(page.json.total).toBeGreaterThanOrEqual(3);
    expectError(
      await browsers.cashier.get('/collections?status=3'),
      400,
      'Estado inválido: uno de 8, 9, 10 u 11.',
    );
    expectError(
      await browsers.cashier.get('/collections?bucket=5-10'),
      400,
      'Tramo de atraso inválido: uno de 1-30, 31-60, 61-90, 90+.',
    );
  });

  it('is for roles with collections.read', async () => {
    expect((await browsers.analyst.get('/collections')).statusCode).toBe(200);
    expectError(await browsers.support.get('/collections'), 403, 'No tienes permiso para hacer esto.');
  });
});

describe('GET /collections/:id', () => {
  it("shows the schedule, the daily run's history and the notes", async () => {
    const res = await browsers.cashier.get(`/collections/${late.loanId}`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const file = res.json as {
      loan: QueueItem;
      schedule: { position: number; status: number; lateFeeCents: number }[];
      history: {
        position: number;
        businessDate: string;
        toStatus: number;
        toStatusLabel: string;
        lateFeeCents: number;
      }[];
    };
    expect(file.loan).toMatchObject({ loanId: late.loanId, daysLate: 14 });
    expect(file.schedule[0]).toMatchObject({ position: 1, status: I.late, lateFeeCents: LATE_FEE });
    // Late from the 23rd; the fee after the grace day, at the next run (decision 014).
    expect(file.history).toContainEqual(
      expect.objectContaining({
        position: 1,
        businessDate: '2026-12-23',
        toStatus: I.late,
        toStatusLabel: 'Atrasado*',
        lateFeeCents: 0,
      }),
    );
    expect(file.history).toContainEqual(
      expect.objectContaining({ position: 1, toStatus: I.late, lateFeeCents: LATE_FEE }),
    );
  });

  it('answers 404 for an unknown loan and 409 for one not in collections', async () => {
    expectError(await browsers.cashier.get('/collections/999999'), 404, 'No encontramos ese préstamo.');
    expectError(
      await browsers.cashier.get(`/collections/${paying.loanId}`),
      409,
      'Este préstamo no está en cobranza (solo préstamos atrasados: estados 8 a 11).',
    );
  });

  it("the loan file carries the schedule's history too", async () => {
    const res = await browsers.admin.get(`/loans/${late.loanId}`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const history = res.json.scheduleHistory as { businessDate: string; toStatus: number }[];
    expect(history.some((h) => h.businessDate === '2026-12-23' && h.toStatus === I.late)).toBe(true);
  });
});

describe('notes and promises', () => {
  it('adds a note with its audit row; the queue shows it last', async () => {
    const res = await browsers.cashier.post(`/collections/${late.loanId}/notes`, {
      text: '  Llamé, no contestó.  ',
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ kind: 'note', kindLabel: 'Nota', text: 'Llamé, no contestó.' });
    expect(await auditOf(late.loanId, 'collection.note')).toHaveLength(1);
    expectError(
      await browsers.cashier.post(`/collections/${late.loanId}/notes`, { text: ' ' }),
      400,
      'Escribe la nota.',
    );
    expectError(await browsers.analyst.post(`/collections/${late.loanId}/notes`, { text: 'x' }), 403);
  });

  it('records a promise to pay from today on, with an amount in centavos', async () => {
    const res = await browsers.cashier.post(`/collections/${late.loanId}/promises`, {
      promisedOn: '2027-01-08',
      amountCents: 51_721,
      text: 'Paga el viernes con el salario.',
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      kind: 'promise',
      promisedOn: '2027-01-08',
      promisedAmountCents: 51_721,
    });
    const [audit] = await auditOf(late.loanId, 'collection.promise');
    expect(audit!.after).toMatchObject({ promisedOn: '2027-01-08', amountCents: 51_721 });

    const queue = itemsOf((await browsers.cashier.get('/collections?pageSize=100')).json);
    expect(queue.find((i) => i.loanId === late.loanId)!.lastNote).toMatchObject({
      kind: 'promise',
      promisedOn: '2027-01-08',
      promisedAmountCents: 51_721,
    });

    const before = await t.deps.db
      .select()
      .from(collectionNotes)
      .where(eq(collectionNotes.loanId, late.loanId));
    expectError(
      await browsers.cashier.post(`/collections/${late.loanId}/promises`, {
        promisedOn: '2027-01-04',
        amountCents: 100,
      }),
      400,
      'La fecha prometida no puede ser anterior a hoy.',
    );
    expectError(
      await browsers.cashier.post(`/collections/${late.loanId}/promises`, {
        promisedOn: AS_OF,
        amountCents: 0,
      }),
      400,
      'Escribe el monto prometido en centavos, mayor que cero.',
    );
    expectError(
      await browsers.cashier.post(`/collections/${late.loanId}/promises`, {
        promisedOn: '5 de enero',
        amountCents: 100,
      }),
      400,
      'Escribe la fecha prometida (AAAA-MM-DD).',
    );
    const after = await t.deps.db
      .select()
      .from(collectionNotes)
      .where(eq(collectionNotes.loanId, late.loanId));
    expect(after).toHaveLength(before.length);
  });
});

describe('POST /collections/:id/stage', () => {
  it('moves 8 to 9 Alguacil with a reason, a stage note and an audit row; then 9 to 10', async () => {
    const res = await browsers.cashier.post(`/collections/${late.loanId}/stage`, {
      status: L.bailiff,
      fromStatus: L.late,
      reason: 'Tres promesas incumplidas.',
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      status: 9,
      statusLabel: 'Alguacil',
      note: { kind: 'stage', fromStatus: 8, toStatus: 9 },
    });
    expect(await loanStatus(late.loanId)).toBe(L.bailiff);
    const [audit] = await auditOf(late.loanId, 'collection.stage');
    expect(audit).toMatchObject({
      before: { status: 8 },
      after: { status: 9, reason: 'Tres promesas incumplidas.' },
    });

    const court = await browsers.cashier.post(`/collections/${late.loanId}/stage`, {
      status: L.court,
      fromStatus: L.bailiff,
      reason: 'Demanda presentada.',
    });
    expect(court.statusCode, JSON.stringify(court.json)).toBe(200);
    expect(await loanStatus(late.loanId)).toBe(L.court);
    // Still in the queue, now as 10 Corte.
    const queue = itemsOf((await browsers.cashier.get('/collections?status=10&pageSize=100')).json);
    expect(queue.map((i) => i.loanId)).toContain(late.loanId);
  });

  it('refuses a missing reason, a stage outside 9-11 and the stage it is already in', async () => {
    const url = `/collections/${older.loanId}/stage`;
    expectError(
      await browsers.cashier.post(url, { status: 9, fromStatus: 8, reason: '' }),
      400,
      'Escribe el motivo del cambio de etapa.',
    );
    expectError(
      await browsers.cashier.post(url, { status: 3, fromStatus: 8, reason: 'x' }),
      400,
      'Etapa inválida: 9 Alguacil, 10 Corte u 11 Recuperación previa al juicio.',
    );
    expectError(await browsers.analyst.post(url, { status: 9, fromStatus: 8, reason: 'x' }), 403);
    expect(await loanStatus(older.loanId)).toBe(L.late);
    expect(await auditOf(older.loanId, 'collection.stage')).toHaveLength(0);
  });

  it('of two staff at once, one moves the loan and the other gets 409', async () => {
    const url = `/collections/${racing.loanId}/stage`;
    const [a, b] = await Promise.all([
      browsers.cashier.post(url, { status: L.court, fromStatus: L.late, reason: 'Primero.' }),
      browsers.cashier2.post(url, { status: L.preTrial, fromStatus: L.late, reason: 'Segundo.' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expectError(
      loser,
      409,
      'El estado de este préstamo cambió mientras lo veías (otra persona lo movió). Recarga la ficha e intenta de nuevo.',
    );
    expect(await auditOf(racing.loanId, 'collection.stage')).toHaveLength(1);
    const stages = await t.deps.db
      .select()
      .from(collectionNotes)
      .where(and(eq(collectionNotes.loanId, racing.loanId), eq(collectionNotes.kind, 'stage')));
    expect(stages).toHaveLength(1);
    expect(await loanStatus(racing.loanId)).toBe(stages[0]!.toStatus);
  });
});

const csvText = (raw: Buffer) => raw.toString('utf8');

describe('CSV exports', () => {
  it('exports the queue with the same filters: BOM, lempiras with 2 decimals, dates YYYY-MM-DD', async () => {
    const res = await browsers.cashier.get('/collections/export?bucket=61-90');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cobranza-${AS_OF}.csv"`);
    const text = csvText(res.raw);
    expect(
      text.startsWith('\uFEFFPréstamo,Cliente,Identidad,Teléfono,Monto (L),Vencido (L),Días de atraso,'),
    ).toBe(true);
    const line = text.split('\r\n').find((l) => l.startsWith(`${older.loanId},`))!;
    // L 1,000 lent; L 417.21 + L 100 late fee overdue; 65 days.
    expect(line).toContain(`,1000.00,517.21,65,61-90 días,8 Atrasado,`);
    expect(text.split('\r\n').some((l) => l.startsWith(`${late.loanId},`))).toBe(false);
    expectError(await browsers.support.get('/collections/export'), 403);
  });

  it('exports the promise with its date and amount', async () => {
    const text = csvText((await browsers.cashier.get('/collections/export?status=10')).raw);
    const line = text.split('\r\n').find((l) => l.startsWith(`${late.loanId},`))!;
    expect(line).toMatch(/,10 Corte,Demanda presentada\.,,,\d{4}-\d{2}-\d{2}$/);
  });
});

describe('GET /portfolio', () => {
  it('answers outstanding principal, 12 weeks, buckets and PAR30 from the loans', async () => {
    const res = await browsers.analyst.get('/portfolio');
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const p = res.json as {
      asOf: string;
      outstandingPrincipalCents: number;
      weeks: { weekStart: string; disbursedLoans: number; disbursedCents: number; collectedCents: number }[];
      buckets: { id: string; loans: number; outstandingPrincipalCents: number }[];
      par30: { atRiskCents: number; basisPoints: number; ratio: string };
    };
    expect(p.asOf).toBe(AS_OF);
    const principal = async (loanId: number) =>
      (await scheduleOf(t, loanId)).reduce((s, i) => s + i.amountCents - i.amountCoveredCents, 0);
    const total = (await Promise.all([late, older, racing, paying].map((b) => principal(b.loanId)))).reduce(
      (a, b) => a + b,
    );
    expect(p.outstandingPrincipalCents).toBe(total);
    expect(p.weeks).toHaveLength(12);
    expect(p.weeks.at(-1)!.weekStart).toBe('2027-01-04');
    expect(p.weeks[0]!.weekStart).toBe('2026-10-19');
    expect(p.weeks.find((w) => w.weekStart === '2026-11-16')).toMatchObject({
      disbursedLoans: 4,
      disbursedCents: 4 * 100_000,
    });
    const byId = Object.fromEntries(p.buckets.map((b) => [b.id, b]));
    expect(byId['1-30']).toMatchObject({ loans: 2 });
    expect(byId['61-90']).toMatchObject({
      loans: 1,
      outstandingPrincipalCents: await principal(older.loanId),
    });
    expect(p.par30.atRiskCents).toBe(await principal(older.loanId));
    expect(p.par30.ratio).toBe(`${p.par30.atRiskCents}/${total}`);
    expect(p.par30.basisPoints).toBe(Math.round((p.par30.atRiskCents * 10_000) / total));
    expectError(await browsers.cashier.get('/portfolio'), 403);
  });

  it('exports the weeks and the buckets as CSV', async () => {
    const weeks = await browsers.admin.get('/portfolio/weeks');
    expect(weeks.statusCode).toBe(200);
    expect(weeks.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csvText(weeks.raw).split('\r\n');
    expect(lines[0]).toBe('\uFEFFSemana (lunes),Préstamos desembolsados,Desembolsado (L),Cobrado (L)');
    expect(lines).toContain('2026-11-16,4,4000.00,0.00');
    const buckets = csvText((await browsers.admin.get('/portfolio/buckets')).raw).split('\r\n');
    expect(buckets[0]).toBe('\uFEFFTramo de atraso,Préstamos,Capital pendiente (L)');
    expect(buckets.some((l) => l.startsWith('61-90 días,1,'))).toBe(true);
    expect(buckets.some((l) => l.startsWith('PAR30 ('))).toBe(true);
  });
});
