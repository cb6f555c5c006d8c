import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, instalments, loanDocuments, loans, notifications } from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/services/loans/request-loan.ts';
import { outboxFor } from './support/accounts.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { expectOk } from './support/profile.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The loan desk through its staff routes (/api/backoffice/loans...), as the back-office calls them:
 * cookies, CSRF, the role's permissions, the Spanish refusals. The services' own rules are in
 * loans-staff.test.ts; here every route answers over HTTP.
 */
let t: TestApp;
let analyst: StaffBrowser;
let secondAnalyst: StaffBrowser;
let cashier: StaffBrowser;
let admin: StaffBrowser;
let support: StaffBrowser;

const START = '2026-11-22T15:00:00Z';
beforeAll(async () => {
  t = await createTestApp({ now: START });
  analyst = (await staffWithRole(t, 'analyst')).browser;
  secondAnalyst = (await staffWithRole(t, 'analyst')).browser;
  cashier = (await staffWithRole(t, 'cashier')).browser;
  admin = (await staffWithRole(t, 'admin')).browser;
  support = (await staffWithRole(t, 'support')).browser;
});
afterAll(() => t.close());

/** A borrower with a request (status 0); `surname` makes them findable by the list's search. */
async function requested(surname = 'SOLICITANTE') {
  const borrower = await borrowerReadyToApply(t);
  await t.deps.db
    .update(borrowers)
    .set({ firstSurname: surname })
    .where(eq(borrowers.id, borrower.borrowerId));
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
    container_id: number;
  };
  const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrower.borrowerId));
  return { ...borrower, loanId, personCode: row!.personCode, mobPhone: row!.mobPhone };
}

const decide = (browser: StaffBrowser, loanId: number, body: unknown) =>
  browser.post(`/loans/${loanId}/decision`, body);
const disburse = (browser: StaffBrowser, loanId: number, body: unknown) =>
  browser.post(`/loans/${loanId}/disbursement`, body);
const DISBURSEMENT = { disbursedOn: '2026-11-22', reference: 'TRF-2026-001' };

const scheduleOf = (id: number) => t.deps.db.select().from(instalments).where(eq(instalments.loanId, id));
const statusOf = async (id: number) =>
  (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!.status;

interface ListAnswer {
  items: { id: number; status: number; personCode: string; borrowerName: string; waitingMinutes: number }[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<string, number>;
}

describe('POST /loans/search', () => {
  it('filters by status, searches the borrower, pages, and counts per status for the same search', async () => {
    const sent = await requested('ESCRITORIOLISTA');
    const sentLater = await requested('ESCRITORIOLISTA');
    const taken = await requested('ESCRITORIOLISTA');
    const approved = await requested('ESCRITORIOLISTA');
    expect((await decide(analyst, taken.loanId, { decision: 'take' })).statusCode).toBe(200);
    expect((await decide(analyst, approved.loanId, { decision: 'approve' })).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);

    const all = (await analyst.post('/loans/search', { q: 'escritoriolista' })).json as unknown as ListAnswer;
    expect(all.total).toBe(4);
    expect(all.counts).toMatchObject({ '0': 2, '1': 1, '5': 1, '2': 0, '3': 0, '7': 0 });
    // Newest first without a status filter.
    expect(all.items.map((i) => i.id)).toEqual(
      [approved, taken, sentLater, sent].map((r) => r.loanId).sort((a, b) => b - a),
    );

    // The analysts' queue: 0 Enviado, the oldest waiting first, with how long it waits.
    const queue = (await analyst.post('/loans/search', { status: 0, q: 'ESCRITORIOLISTA' }))
      .json as unknown as ListAnswer;
    expect(queue.items.map((i) => i.id)).toEqual([sent.loanId, sentLater.loanId]);
    expect(queue.total).toBe(2);
    expect(queue.counts['5']).toBe(1);
    expect(queue.items[0]!.waitingMinutes).toBeGreaterThanOrEqual(10);

    // Search by identity number (part of it), then by phone.
    const byIdentity = (await analyst.post('/loans/search', { q: taken.personCode.slice(-9) }))
      .json as unknown as ListAnswer;
    expect(byIdentity.items.map((i) => i.id)).toEqual([taken.loanId]);
    expect(byIdentity.counts['1']).toBe(1);
    const byPhone = (await cashier.post('/loans/search', { status: 5, q: approved.mobPhone }))
      .json as unknown as ListAnswer;
    expect(byPhone.items.map((i) => [i.id, i.status])).toEqual([[approved.loanId, 5]]);

    // Pages: one per page, the same total on each.
    const page2 = (
      await analyst.post('/loans/search', { status: 0, q: 'escritoriolista', page: 2, pageSize: 1 })
    ).json as unknown as ListAnswer;
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items.map((i) => i.id)).toEqual([sentLater.loanId]);
    const page3 = (
      await analyst.post('/loans/search', { status: 0, q: 'escritoriolista', page: 3, pageSize: 1 })
    ).json as unknown as ListAnswer;
    expect(page3.items).toEqual([]);

    // Support reads the desk too.
    expect((await support.post('/loans/search', { q: 'escritoriolista' })).statusCode).toBe(200);
  });

  it('answers a Spanish 400 to an unknown status or a page size out of range', async () => {
    expectError(
      await analyst.post('/loans/search', { status: 12 }),
      400,
      'Estado inválido: uno de 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11.',
    );
    expectError(
      await analyst.post('/loans/search', { pageSize: 500 }),
      400,
      'El tamaño de página debe estar entre 1 y 100.',
    );
  });
});

describe('GET /loans/:id', () => {
  it('the loan file: request, borrower, stored quote, documents with intact evidence, a working PDF link', async () => {
    const r = await requested('ESCRITORIOFICHA');
    const res = await cashier.get(`/loans/${r.loanId}`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const file = res.json as {
      loan: { id: number; status: number; amountCents: number; debtCents: number };
      quote: { amountCents: number; totalCents: number; payments: unknown[] };
      borrower: { id: number; personCode: string };
      profileState: string;
      request: { city: string | null; ip: string };
      bankAccount: { bank: string; accountNumber: string };
      documents: { kind: string; html: string; sha256: string; intact: boolean }[];
      contractPdfUrl: string;
      instalments: unknown[];
      audit: unknown;
    };
    expect(file.loan).toMatchObject({ id: r.loanId, status: 0, amountCents: 100_000 });
    expect(file.loan.debtCents).toBe(file.quote.totalCents);
    expect(file.quote.payments).toHaveLength(3);
    expect(file.borrower).toMatchObject({ id: r.borrowerId, personCode: r.personCode });
    expect(file.profileState).toBe('aprobado');
    expect(file.request.city).toBe('Tegucigalpa');
    expect(file.bankAccount).toMatchObject({ bank: '1' });
    expect(file.documents.map((d) => [d.kind, d.intact])).toEqual([
      ['contract', true],
      ['promissory_note', true],
    ]);
    for (const d of file.documents) expect(sha256Hex(d.html)).toBe(d.sha256);
    expect(file.instalments).toEqual([]);
    // The cashier has no borrowers.audit: no audit trail; the admin sees it.
    expect(file.audit).toBeNull();
    const adminFile = (await admin.get(`/loans/${r.loanId}`)).json as { audit: { action: string }[] };
    expect(adminFile.audit.map((a) => a.action)).toEqual(['loan.request']);

    const pdf = await t.app.inject({
      method: 'GET',
      url: new URL(file.contractPdfUrl).pathname + new URL(file.contractPdfUrl).search,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the stored HTML changed after acceptance reads as not intact', async () => {
    const r = await requested('ESCRITORIOFICHA');
    await t.deps.db
      .update(loanDocuments)
      .set({ html: '<p>Otro texto</p>' })
      .where(eq(loanDocuments.loanId, r.loanId));
    const file = (await analyst.get(`/loans/${r.loanId}`)).json as { documents: { intact: boolean }[] };
    expect(file.documents.map((d) => d.intact)).toEqual([false, false]);
  });

  it('answers 404 in Spanish to a loan that does not exist', async () => {
    expectError(await analyst.get('/loans/999999'), 404, 'No encontramos esa solicitud de préstamo.');
  });
});

describe('POST /loans/:id/decision', () => {
  it('take then approve (0 → 1 → 5); each decision tells the borrower in the app and by SMS', async () => {
    const r = await requested();
    const taken = await decide(analyst, r.loanId, { decision: 'take' });
    expect(taken.statusCode, JSON.stringify(taken.json)).toBe(200);
    expect(taken.json).toMatchObject({ id: r.loanId, decision: 'take', status: 1, statusLabel: 'Reuniendo' });
    const approved = await decide(analyst, r.loanId, { decision: 'approve' });
    expect(approved.json).toMatchObject({ decision: 'approve', status: 5, statusLabel: 'Reunido' });

    const notes = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.borrowerId, r.borrowerId))
      .orderBy(notifications.id);
    expect(notes.map((n) => n.title)).toEqual([
      'Solicitud recibida',
      'Estamos revisando tu solicitud',
      '¡Tu préstamo fue aprobado!',
    ]);
    const sms = (await outboxFor(t, r.mobPhone)).map((m) => m.body);
    expect(sms).toEqual([
      'Préstamos HN: ¡Tu préstamo fue aprobado! Aprobamos tu préstamo por L 1,000.00. Pronto depositaremos el dinero en tu cuenta bancaria.',
      'Préstamos HN: Estamos revisando tu solicitud. Un analista está revisando tu solicitud de préstamo por L 1,000.00. Te avisaremos en cuanto tengamos una respuesta.',
    ]);
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid: r.sid }));
    expect(list.status).toBe(5);
  });

  it('reject (from 0, 1 or 5) with the reason the borrower reads; a missing reason is a 400', async () => {
    for (const before of ['sent', 'taken', 'approved'] as const) {
      const r = await requested();
      if (before === 'taken') await decide(analyst, r.loanId, { decision: 'take' });
      if (before === 'approved') await decide(analyst, r.loanId, { decision: 'approve' });
      const missing = await decide(analyst, r.loanId, { decision: 'reject', reason: '   ' });
      expectError(missing, 400, 'Escribe el motivo del rechazo: el cliente lo leerá.');
      expect((missing.json as { error: { field?: string } }).error.field).toBe('reason');
      const rejected = await decide(analyst, r.loanId, {
        decision: 'reject',
        reason: 'Ingresos insuficientes.',
      });
      expect(rejected.json).toMatchObject({ status: 2, rejectionReason: 'Ingresos insuficientes.' });
      const [note] = await t.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.borrowerId, r.borrowerId))
        .orderBy(notifications.id)
        .then((rows) => rows.slice(-1));
      expect(note?.body).toBe(
        'Tu solicitud de préstamo por L 1,000.00 no fue aprobada. Motivo: Ingresos insuficientes.',
      );
      expect((await outboxFor(t, r.mobPhone))[0]?.body).toContain('Motivo: Ingresos insuficientes.');
    }
    expectError(
      await decide(analyst, 1, { decision: 'cancel' }),
      400,
      'Elige una decisión: take, approve o reject.',
    );
  });

  it('refuses transitions the status does not allow, with 409 in Spanish, changing nothing', async () => {
    const r = await requested();
    await decide(analyst, r.loanId, { decision: 'take' });
    expectError(
      await decide(secondAnalyst, r.loanId, { decision: 'take' }),
      409,
      'Otro analista ya decidió sobre esta solicitud.',
    );
    await decide(analyst, r.loanId, { decision: 'approve' });
    expectError(
      await decide(analyst, r.loanId, { decision: 'approve' }),
      409,
      'Otro analista ya decidió sobre esta solicitud.',
    );
    expect((await disburse(cashier, r.loanId, DISBURSEMENT)).statusCode).toBe(200);
    expectError(
      await decide(analyst, r.loanId, { decision: 'reject', reason: 'Tarde.' }),
      409,
      'Esta solicitud está en estado «Pagando» y ya no se puede cambiar así.',
    );
    expect(await statusOf(r.loanId)).toBe(3);
    expectError(
      await decide(analyst, 999_999, { decision: 'take' }),
      404,
      'No encontramos esa solicitud de préstamo.',
    );
  });

  it('two analysts approving at once: exactly one 200 and one 409', async () => {
    const r = await requested();
    const answers = await Promise.all([
      decide(analyst, r.loanId, { decision: 'approve' }),
      decide(secondAnalyst, r.loanId, { decision: 'approve' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expectError(lost, 409, 'Otro analista ya decidió sobre esta solicitud.');
    expect(await statusOf(r.loanId)).toBe(5);
    const approvals = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.borrowerId, r.borrowerId));
    expect(approvals.filter((n) => n.title === '¡Tu préstamo fue aprobado!')).toHaveLength(1);
  });

  it('roles: a cashier or support cannot decide (403), and nothing changes', async () => {
    const r = await requested();
    for (const browser of [cashier, support]) {
      expectError(await decide(browser, r.loanId, { decision: 'approve' }), 403);
    }
    expect(await statusOf(r.loanId)).toBe(0);
    expect((await decide(admin, r.loanId, { decision: 'approve' })).statusCode).toBe(200);
  });
});

describe('POST /loans/:id/disbursement', () => {
  it('5 → 3 with one schedule from the stored quote; the same disbursement again answers the same', async () => {
    const r = await requested();
    await decide(analyst, r.loanId, { decision: 'approve' });
    const first = await disburse(cashier, r.loanId, DISBURSEMENT);
    expect(first.statusCode, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toMatchObject({
      id: r.loanId,
      status: 3,
      statusLabel: 'Pagando',
      ...{ reference: 'TRF-2026-001' },
    });
    const again = await disburse(cashier, r.loanId, DISBURSEMENT);
    expect(again.statusCode).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await scheduleOf(r.loanId)).toHaveLength(3);
    expect((first.json.instalments as { dueDate: string }[]).map((i) => i.dueDate)).toEqual([
      '2026-12-22',
      '2027-01-21',
      '2027-02-20',
    ]);
    // Another date or reference for a disbursed loan is a conflict.
    expectError(
      await disburse(cashier, r.loanId, { ...DISBURSEMENT, reference: 'TRF-OTRA' }),
      409,
      'Este préstamo ya fue desembolsado con otra fecha o referencia.',
    );
    const notes = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.borrowerId, r.borrowerId));
    expect(notes.filter((n) => n.title === 'Depositamos tu préstamo')).toHaveLength(1);
    expect((await outboxFor(t, r.mobPhone))[0]?.body).toContain(
      'Depositamos L 1,000.00 en tu cuenta bancaria',
    );
  });

  it('the same disbursement twice at once makes one schedule', async () => {
    const r = await requested();
    await decide(analyst, r.loanId, { decision: 'approve' });
    const answers = await Promise.all([
      disburse(cashier, r.loanId, DISBURSEMENT),
      disburse(admin, r.loanId, DISBURSEMENT),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json).toEqual(answers[1]!.json);
    expect(await scheduleOf(r.loanId)).toHaveLength(3);
    expect(await statusOf(r.loanId)).toBe(3);
  });

  it('refuses a loan not approved (409), bad dates and a missing reference (400), changing nothing', async () => {
    const r = await requested();
    expectError(
      await disburse(cashier, r.loanId, DISBURSEMENT),
      409,
      'Solo se desembolsa un préstamo aprobado (Reunido); este está en estado «Enviado».',
    );
    await decide(analyst, r.loanId, { decision: 'approve' });
    expectError(
      await disburse(cashier, r.loanId, { ...DISBURSEMENT, disbursedOn: '2026-11-23' }),
      400,
      'La fecha del desembolso no puede ser posterior a hoy.',
    );
    expectError(
      await disburse(cashier, r.loanId, { ...DISBURSEMENT, disbursedOn: '22/11/2026' }),
      400,
      'Escribe la fecha del desembolso (AAAA-MM-DD).',
    );
    expectError(
      await disburse(cashier, r.loanId, { ...DISBURSEMENT, reference: '  ' }),
      400,
      'Escribe la referencia de la transferencia del desembolso.',
    );
    expect(await scheduleOf(r.loanId)).toEqual([]);
    expect(await statusOf(r.loanId)).toBe(5);
  });

  it('roles: an analyst or support cannot disburse (403); a cashier cannot decide', async () => {
    const r = await requested();
    await decide(analyst, r.loanId, { decision: 'approve' });
    for (const browser of [analyst, support]) {
      expectError(await disburse(browser, r.loanId, DISBURSEMENT), 403);
    }
    expect(await scheduleOf(r.loanId)).toEqual([]);
    expectError(await decide(cashier, r.loanId, { decision: 'reject', reason: 'No.' }), 403);
    expect((await disburse(cashier, r.loanId, DISBURSEMENT)).statusCode).toBe(200);
  });
});
