import { quoteLoan } from '@prestamos-hn/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, holidays, instalments, loanDocuments, loans } from '../src/db/schema/index.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Decision 014, point 3 (working days), over HTTP: a due date on a Sunday or a holiday of the
 * calendar moves to the next working day, amounts unchanged, in the quote (getFactura, the stored
 * quote) and in the schedule made at disbursement; admins keep the calendar ('Feriados'), and a
 * change applies to dates computed from then on. Requests on Wednesday 25 November 2026 (09:00 in
 * Tegucigalpa): L 1,000 over 90 days, monthly, due 25 December (Christmas), 24 January (a Sunday)
 * and 23 February.
 */
const REQUESTED_ON = '2026-11-25';
const nineAm = (date: string) => `${date}T15:00:00Z`;

let t: TestApp;
let admin: StaffBrowser;
let adminName: string;
beforeAll(async () => {
  t = await createTestApp({ now: nineAm(REQUESTED_ON) });
  const created = await staffWithRole(t, 'admin');
  admin = created.browser;
  adminName = created.email.split('@')[0]!;
});
afterAll(() => t.close());

/** A 200 answer's JSON. */
async function ok<T>(res: Promise<{ statusCode: number; json: Record<string, unknown> }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, JSON.stringify(answer.json)).toBe(200);
  return answer.json as T;
}

const loanRow = async (id: number) => (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const dueDates = async (loanId: number) =>
  (await loanRow(loanId)).quote.payments.map((p: { dueDate: string }) => p.dueDate);

async function requested() {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
    container_id: number;
  };
  return { ...borrower, loanId };
}

/** The quote of REQUEST from `startDate` with no calendar: every date as counted, the amounts to compare with. */
const plainQuote = (startDate: string) =>
  quoteLoan({
    amountCents: 100_000,
    termDays: 90,
    period: 'mensual',
    annualRatePct: 60,
    feeType: 'percent',
    feeValue: 5,
    startDate,
  });

interface Holiday {
  date: string;
  name: string;
  createdBy: string | null;
  createdAt: string;
}

describe('due dates on working days', () => {
  it('the quote moves Christmas and a Sunday to the next working day, every amount unchanged', async () => {
    const borrower = await requested();
    const plain = plainQuote(REQUESTED_ON);
    expect(plain.payments.map((p) => p.dueDate)).toEqual(['2026-12-25', '2027-01-24', '2027-02-23']);

    const row = await loanRow(borrower.loanId);
    expect(row.quote.payments.map((p) => p.dueDate)).toEqual(['2026-12-26', '2027-01-25', '2027-02-23']);
    const amounts = (payments: typeof plain.payments) => payments.map(({ dueDate: _, ...rest }) => rest);
    expect(amounts(row.quote.payments)).toEqual(amounts(plain.payments));
    expect(row.totalCents).toBe(125_163);

    // getFactura answers the stored quote: the borrower reads the moved dates.
    const invoice = await expectOk(t.call('getFactura.php', { sid: borrower.sid }));
    expect(invoice).toMatchObject({
      totalAPagar: 1251.63,
      pagos: [
        { fechaDePago: '2026-12-26', cantidad: 417.21 },
        { fechaDePago: '2027-01-25', cantidad: 417.21 },
        { fechaDePago: '2027-02-23', cantidad: 417.21 },
      ],
    });
    // The contract's plan shows them too.
    const [contract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(and(eq(loanDocuments.loanId, borrower.loanId), eq(loanDocuments.kind, 'contract')));
    // dd/mm/aaaa, as every table of the documents writes its dates (issue 35 point 13).
    expect(contract!.html).toContain('<td>25/01/2027</td>');
  });

  it('the schedule made at disbursement counts from the disbursement date and moves a Sunday to Monday', async () => {
    const borrower = await requested();
    const analyst = (await staffWithRole(t, 'analyst')).browser;
    await ok(analyst.post(`/loans/${borrower.loanId}/decision`, { decision: 'approve' }));
    // Recorded on Monday 7 December for money sent on Friday 4 December: 30 days later is Sunday 3 January.
    t.clock.set(nineAm('2026-12-07'));
    const cashier = (await staffWithRole(t, 'cashier')).browser;
    const answer = await ok<{ instalments: Record<string, unknown>[] }>(
      cashier.post(`/loans/${borrower.loanId}/disbursement`, {
        disbursedOn: '2026-12-04',
        reference: 'TRF-DIAS-1',
      }),
    );
    const plain = plainQuote('2026-12-04');
    expect(plain.payments.map((p) => p.dueDate)).toEqual(['2027-01-03', '2027-02-02', '2027-03-04']);
    expect(answer.instalments).toEqual(
      plain.payments.map((p, index) =>
        expect.objectContaining({
          position: index + 1,
          dueDate: ['2027-01-04', '2027-02-02', '2027-03-04'][index],
          chargeCents: p.interestCents,
          administratorFeeCents: p.feeCents,
          amountCents: p.principalCents,
        }),
      ),
    );
    const stored = await t.deps.db
      .select()
      .from(instalments)
      .where(eq(instalments.loanId, borrower.loanId))
      .orderBy(asc(instalments.position));
    expect(stored.map((i) => i.dueDate)).toEqual(['2027-01-04', '2027-02-02', '2027-03-04']);
    t.clock.set(nineAm(REQUESTED_ON));
  });
});

describe('the holiday calendar (admin)', () => {
  it('lists a year of the seeded calendar, with Holy Week and the Morazán week', async () => {
    const year = await ok<{ year: number; items: Holiday[]; years: number[] }>(
      admin.get('/holidays?year=2027'),
    );
    expect(year.year).toBe(2027);
    expect(year.years).toEqual(expect.arrayContaining([2026, 2027, 2028]));
    expect(year.items.map((h) => [h.date, h.name])).toEqual([
      ['2027-01-01', 'Año Nuevo'],
      ['2027-03-25', 'Jueves Santo'],
      ['2027-03-26', 'Viernes Santo'],
      ['2027-03-27', 'Sábado Santo'],
      ['2027-04-14', 'Día de las Américas'],
      ['2027-05-01', 'Día del Trabajo'],
      ['2027-09-15', 'Día de la Independencia'],
      ['2027-10-06', 'Feriado Morazánico'],
      ['2027-10-07', 'Feriado Morazánico'],
      ['2027-10-08', 'Feriado Morazánico'],
      ['2027-12-25', 'Navidad'],
    ]);
    expect(year.items[0]!.createdBy).toBeNull();
    // Without a year: the current one in Tegucigalpa.
    expect((await ok<{ year: number }>(admin.get('/holidays'))).year).toBe(2026);
  });

  it('adds a holiday (audited): quotes made afterwards move off it, a loan already requested keeps its dates', async () => {
    const before = await requested();
    expect(await dueDates(before.loanId)).toEqual(['2026-12-26', '2027-01-25', '2027-02-23']);

    const { holiday } = await ok<{ holiday: Holiday }>(
      admin.post('/holidays', { date: ' 2026-12-26 ', name: '  Día después de Navidad ' }),
    );
    expect(holiday).toMatchObject({
      date: '2026-12-26',
      name: 'Día después de Navidad',
      createdBy: adminName,
    });
    const listed = await ok<{ items: Holiday[] }>(admin.get('/holidays?year=2026'));
    expect(listed.items.map((h) => h.date)).toContain('2026-12-26');

    // Saturday 26 is now off, Sunday 27 too: Monday 28.
    const after = await requested();
    expect(await dueDates(after.loanId)).toEqual(['2026-12-28', '2027-01-25', '2027-02-23']);
    expect(await dueDates(before.loanId)).toEqual(['2026-12-26', '2027-01-25', '2027-02-23']);
    expect((await loanRow(after.loanId)).totalCents).toBe((await loanRow(before.loanId)).totalCents);

    const { holiday: removed } = await ok<{ holiday: Holiday }>(admin.post('/holidays/2026-12-26/delete'));
    expect(removed).toMatchObject({ date: '2026-12-26', name: 'Día después de Navidad' });
    const again = await requested();
    expect(await dueDates(again.loanId)).toEqual(['2026-12-26', '2027-01-25', '2027-02-23']);
    expect(await dueDates(after.loanId)).toEqual(['2026-12-28', '2027-01-25', '2027-02-23']);

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'holiday'), eq(auditLog.entityId, '2026-12-26')))
      .orderBy(asc(auditLog.id));
    expect(audit.map((a) => [a.action, a.actorType, a.before, a.after])).toEqual([
      ['holiday.create', 'staff', null, { date: '2026-12-26', name: 'Día después de Navidad' }],
      ['holiday.delete', 'staff', { date: '2026-12-26', name: 'Día después de Navidad' }, null],
    ]);
  });

  it('refuses a bad date or name, a date already there, and a date not in the calendar, in Spanish', async () => {
    const before = await t.deps.db.select().from(holidays).orderBy(asc(holidays.date));
    const dateMessage = 'Escribe la fecha del feriado (AAAA-MM-DD), entre 2000 y 2100.';
    const nameMessage = 'Escribe el nombre del feriado (hasta 80 caracteres).';
    expectError(await admin.post('/holidays', { date: '2027-02-30', name: 'X' }), 400, dateMessage);
    expectError(await admin.post('/holidays', { date: '15/09/2027', name: 'X' }), 400, dateMessage);
    expectError(await admin.post('/holidays', { date: '1999-09-15', name: 'X' }), 400, dateMessage);
    expectError(await admin.post('/holidays', { name: 'X' }), 400, dateMessage);
    expectError(await admin.post('/holidays', { date: '2027-06-01', name: '   ' }), 400, nameMessage);
    expectError(
      await admin.post('/holidays', { date: '2027-06-01', name: 'x'.repeat(81) }),
      400,
      nameMessage,
    );
    expectError(
      await admin.post('/holidays', { date: '2026-12-25', name: 'Navidad otra vez' }),
      409,
      'Ya hay un feriado el 25 de diciembre de 2026.',
    );
    expectError(await admin.post('/holidays/2027-06-01/delete'), 404, 'No encontramos ese feriado.');
    expectError(await admin.post('/holidays/2027-02-30/delete'), 400, dateMessage);
    expectError(await admin.get('/holidays?year=1900'), 400, 'Elige un año entre 2000 y 2100.');
    expect(await t.deps.db.select().from(holidays).orderBy(asc(holidays.date))).toEqual(before);
  });

  it.each(['analyst', 'cashier', 'support'] as const)(
    '%s: 403 on every row, nothing changed',
    async (role) => {
      const { browser } = await staffWithRole(t, role);
      const before = await t.deps.db.select().from(holidays).orderBy(asc(holidays.date));
      for (const res of [
        await browser.get('/holidays?year=2027'),
        await browser.post('/holidays', { date: '2027-06-01', name: 'Feriado' }),
        await browser.post('/holidays/2027-03-25/delete'),
      ]) {
        expectError(res, 403, 'No tienes permiso para hacer esto.');
      }
      expect(await t.deps.db.select().from(holidays).orderBy(asc(holidays.date))).toEqual(before);
    },
  );
});
