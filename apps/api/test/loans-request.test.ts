import { createHash } from 'node:crypto';
import { documentEvidence, loanMessages, toWireQuote, type DocumentPreview } from '@prestamos-hn/contract';
import { LOCATION_NOT_ALLOWED_MESSAGE, PROFILE_IN_VALIDATION_MESSAGE, quoteLoan } from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanDocuments, loans, notifications } from '../src/db/schema/index.ts';
import { createProduct, updateProduct } from '../src/services/loans/catalog.ts';
import { pdfText } from './support/pdf.ts';
import { expectEr, expectOk } from './support/profile.ts';
import {
  borrowerReadyToApply,
  JUTICALPA,
  postLocation,
  REQUEST,
  SAN_PEDRO_SULA,
  staffMember,
  postOffer,
} from './support/loans.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // 09:00 in Tegucigalpa.
  t = await createTestApp({ now: '2026-11-22T15:00:00Z' });
});
afterAll(() => t.close());

const loansOf = (borrowerId: number) =>
  t.deps.db.select().from(loans).where(eq(loans.borrowerId, borrowerId));
const notificationsOf = (borrowerId: number) =>
  t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, borrowerId));

/** postOffer.php is refused with `message`, and nothing is written for the borrower. */
async function expectRefused(
  sid: string,
  borrowerId: number,
  body: Record<string, unknown>,
  message: string,
) {
  await expectEr(postOffer(t, { sid, ...body }), message);
  expect(await loansOf(borrowerId)).toEqual([]);
  expect(await notificationsOf(borrowerId)).toEqual([]);
}

describe('getApplicationProfilev2 and getPurposeList', () => {
  it('lists the active products, the allowed ones and their price lists in the wire names', async () => {
    const { sid } = await borrowerReadyToApply(t);
    const payload = await expectOk(t.call('getApplicationProfilev2.php', { sid }));
    expect(payload.Products).toEqual([
      expect.objectContaining({ ProCod: 1, ProTip: 'semanal' }),
      expect.objectContaining({ ProCod: 2, ProTip: 'quincenal' }),
      expect.objectContaining({ ProCod: 3, ProTip: 'mensual' }),
    ]);
    expect(payload.Products_r).toEqual([1, 2, 3]);
    expect((payload.PriceList as { data: { pricelistData: unknown[] } }).data.pricelistData).toContainEqual({
      ProCod: 3,
      PriMntDes: 1000,
      PriMntHas: 10000,
      PriTerDes: 30,
      PriTerHas: 90,
      PriInt: 60,
      PriCuoTip: 'Porcentaje del importe mensual',
      PriCuo: 5,
    });
    expect(await expectOk(t.call('getApplicationProfile.php', { sid }))).toEqual(payload);
  });

  it('allows no product before the profile is approved', async () => {
    const { sid } = await borrowerReadyToApply(t, { status: '0' });
    const payload = await expectOk(t.call('getApplicationProfilev2.php', { sid }));
    expect(payload.Products_r).toEqual([]);
    expect((payload.Products as unknown[]).length).toBe(3);
  });

  it('lists the purposes', async () => {
    const { sid } = await borrowerReadyToApply(t);
    const { json } = await t.call('getPurposeList.php', { sid });
    expect(json.payload).toContainEqual({ id: 1, title: 'Capital de trabajo' });
  });
});

describe('postOffer refuses on the server, one rule at a time, writing nothing', () => {
  it('in Holy Week (Tegucigalpa date)', async () => {
    // 19 April 2027, 23:30 in Tegucigalpa (already 20 April in UTC: the local date counts).
    t.clock.set('2027-04-20T05:30:00Z');
    try {
      const { sid, borrowerId } = await borrowerReadyToApply(t);
      await expectRefused(sid, borrowerId, REQUEST, loanMessages.holyWeek);
    } finally {
      t.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it('with a profile not approved', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t, { status: '0' });
    await expectRefused(sid, borrowerId, REQUEST, PROFILE_IN_VALIDATION_MESSAGE);
  });

  it('with no known location', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t, { location: null });
    await expectRefused(sid, borrowerId, REQUEST, LOCATION_NOT_ALLOWED_MESSAGE);
  });

  it('when the last known location is outside the allowed cities', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await postLocation(t, sid, JUTICALPA);
    await expectRefused(sid, borrowerId, REQUEST, LOCATION_NOT_ALLOWED_MESSAGE);
  });

  it('for a product that does not exist', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await expectRefused(sid, borrowerId, { ...REQUEST, productId: 99 }, loanMessages.productNotAllowed);
  });

  it('for a retired product', async () => {
    const admin = await staffMember(t, 'admin');
    const product = await createProduct(t.deps, admin, {
      periodType: 'semanal',
      name: 'Préstamo relámpago',
      price: {
        minAmountCents: 50_000,
        maxAmountCents: 100_000,
        minDays: 7,
        maxDays: 14,
        annualRateBp: 6000,
        feeType: 'fixed',
        feeValue: 2_500,
      },
    });
    await updateProduct(t.deps, admin, product.id, { active: false });
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const profile = await expectOk(t.call('getApplicationProfilev2.php', { sid }));
    expect(profile.Products_r).not.toContain(product.id);
    await expectRefused(
      sid,
      borrowerId,
      { amount: 500, period: 7, purpose: 1, productId: product.id },
      loanMessages.productNotAllowed,
    );
  });

  it('with a blocking loan', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await expectOk(postOffer(t, { sid, ...REQUEST }));
    await expectEr(postOffer(t, { sid, ...REQUEST, amount: 2000 }), loanMessages.blockingOffer);
    expect(await loansOf(borrowerId)).toHaveLength(1);
  });

  it('with the references incomplete', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t, { references: false });
    await expectRefused(sid, borrowerId, REQUEST, loanMessages.referencesIncomplete);
  });

  it('without a bank account', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t, { bankAccount: false });
    await expectRefused(sid, borrowerId, REQUEST, loanMessages.noBankAccount);
  });

  it.each([
    ['below the minimum', { amount: 990 }, 'El monto debe ser mayor o igual a L.1000'],
    ['above the maximum', { amount: 10_010 }, 'Minimo L1000, máximo de L10000 y multiplo de 10.'],
    ['not a multiple of 10', { amount: 1005 }, 'Minimo L1000, máximo de L10000 y multiplo de 10.'],
    // Issue 35 point 7 (docs/ux.md): '15,000' or 'L 1,000' is read as the number it is; words are not a number.
    ['not a number', { amount: 'mil' }, 'Escribe solo números'],
  ])('with an amount %s', async (_name, change, message) => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await expectRefused(sid, borrowerId, { ...REQUEST, ...change }, message);
  });

  it.each([
    ['shorter than the price list', { period: 15 }, 'No debe ser menos de 30.'],
    ['longer than the price list', { period: 120 }, 'No debe ser mayor de 90.'],
    ['that is not one of the term options', { period: 45 }, 'Seleccione una opción.'],
  ])('with a term %s', async (_name, change, message) => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await expectRefused(sid, borrowerId, { ...REQUEST, ...change }, message);
  });

  it('with a purpose that does not exist', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await expectRefused(sid, borrowerId, { ...REQUEST, purpose: 99 }, loanMessages.purposeUnknown);
  });

  it('when the documents changed since the borrower read them', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const preview = await expectOk(t.call('get_contractPre.php', { sid, ...REQUEST }));
    await expectRefused(
      sid,
      borrowerId,
      { ...REQUEST, contractVersion: (preview.version as number) + 1 },
      loanMessages.documentsChanged,
    );
  });
});

describe('postOffer accepted', () => {
  it('stores the loan, the quote and both documents exactly as previewed, with their evidence', async () => {
    const { sid, borrowerId, sessionId } = await borrowerReadyToApply(t, { location: SAN_PEDRO_SULA });
    const contractPreview = await expectOk(t.call('get_contractPre.php', { sid, ...REQUEST }));
    const notePreview = await expectOk(t.call('get_pagarePre.php', { sid, ...REQUEST }));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/postOffer.php',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
      payload: JSON.stringify({
        sid,
        ...REQUEST,
        ...(await documentEvidence(contractPreview as DocumentPreview, notePreview as DocumentPreview)),
      }),
    });
    const answer = res.json() as { status: string; payload: { message: string; container_id: number } };
    expect(answer.status).toBe('OK');
    expect(answer.payload.message).toBe(loanMessages.requestSent);
    const loanId = answer.payload.container_id;

    const [loan] = await loansOf(borrowerId);
    expect(loan).toMatchObject({
      id: loanId,
      status: 0,
      productId: 3,
      periodType: 'mensual',
      annualRateBp: 6000,
      feeType: 'percent',
      feeValue: 500,
      minAmountCents: 100_000,
      maxAmountCents: 1_000_000,
      minDays: 30,
      maxDays: 90,
      amountCents: 100_000,
      termDays: 90,
      payments: 3,
      purposeId: 1,
      requestedOn: '2026-11-22',
      totalCents: 125_163,
      annualCostPercent: 302.2,
      requestCity: 'San Pedro Sula',
      requestIp: '203.0.113.9',
      requestUserAgent: 'Mozilla/5.0 (Linux; Android 14)',
      requestSessionId: sessionId,
    });

    const docs = await t.deps.db.select().from(loanDocuments).where(eq(loanDocuments.loanId, loanId));
    const contract = docs.find((d) => d.kind === 'contract')!;
    const note = docs.find((d) => d.kind === 'promissory_note')!;
    expect(contract.html).toBe(contractPreview.document_template);
    expect(note.html).toBe(notePreview.document_template);
    for (const doc of [contract, note]) {
      expect(doc.sha256).toBe(createHash('sha256').update(doc.html, 'utf8').digest('hex'));
      expect(doc).toMatchObject({
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (Linux; Android 14)',
        sessionId,
        acceptedAt: t.clock.now(),
      });
    }
    expect(contract.templateVersion).toBe(contractPreview.version);
    // Filled in: the borrower, the amount in words, the schedule, the CAT, the city; nothing left over.
    expect(contract.html).toContain('PRUEBA PERSONA');
    expect(contract.html).toContain('L 1,000.00 (Mil Lempiras con 00/100)');
    expect(contract.html).toContain('<td>3 de 3</td><td>20/02/2027</td>');
    expect(contract.html).toContain('302.2 %');
    expect(contract.html).toContain('En la ciudad de San Pedro Sula, a 22 de noviembre de 2026');
    expect(contract.html).not.toContain('{{');

    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'loan'), eq(auditLog.entityId, String(loanId))));
    expect(audit).toMatchObject({
      action: 'loan.request',
      actorType: 'borrower',
      actorId: String(borrowerId),
    });
    const [notice] = await notificationsOf(borrowerId);
    expect(notice).toMatchObject({
      title: 'Solicitud recibida',
      body: 'Recibimos tu solicitud de préstamo por L 1,000.00. Te daremos una respuesta en un máximo de 24 horas.',
    });

    const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    expect(list.status).toBe(0);
    expect((list.loans as Record<string, unknown>)[String(loanId)]).toMatchObject({
      container_id: loanId,
      status: 0,
      product_id: 3,
      debt: 1251.63,
      amount_limit: 1000,
      contract_content: contract.html,
      interest: 60,
      period_type: 'mensual',
      term_days: 90,
      payments: 3,
      rejection_reason: null,
    });
  });

  it('getFactura answers the stored quote, equal to quoteLoan for the same input', async () => {
    const { sid } = await borrowerReadyToApply(t);
    await expectEr(t.call('getFactura.php', { sid }), loanMessages.noInvoice);
    const request = { amount: 2350, period: 60, purpose: 2, productId: 3 };
    await expectOk(postOffer(t, { sid, ...request }));
    const invoice = await expectOk(t.call('getFactura.php', { sid }));
    const quote = quoteLoan({
      amountCents: 235_000,
      termDays: 60,
      period: 'mensual',
      annualRatePct: 60,
      feeType: 'percent',
      feeValue: 5,
      startDate: '2026-11-22',
    });
    expect(invoice).toEqual(toWireQuote(quote));
    expect(invoice).toMatchObject({ cantidadSolicitada: 2350, pagosARealizar: 2 });
  });

  it('of 20 simultaneous requests of one borrower, one is a loan and the rest are refused as blocking', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postOffer(t, { sid, ...REQUEST })));
    const statuses = answers.map((a) => a.json.status);
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(1);
    const refused = answers.filter((a) => a.json.status !== 'OK');
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.json).toEqual({ status: 'ER', payload: { message: loanMessages.blockingOffer } });
    }
    expect(await loansOf(borrowerId)).toHaveLength(1);
    expect(await notificationsOf(borrowerId)).toHaveLength(1);
  });
});

describe('document previews', () => {
  it('before the loan is chosen: the borrower filled in, blanks for the numbers, no placeholder left', async () => {
    const { sid } = await borrowerReadyToApply(t);
    const preview = await expectOk(t.call('get_pagarePre.php', { sid }));
    expect(preview.title).toBe('Pagaré');
    const html = preview.document_template as string;
    expect(html).toContain('PRUEBA PERSONA');
    expect(html).toContain('Por L __________');
    expect(html).not.toContain('{{');
  });

  it('refuses amounts outside the price list with the same words as postOffer', async () => {
    const { sid } = await borrowerReadyToApply(t);
    await expectEr(
      t.call('get_contractPre.php', { sid, ...REQUEST, amount: 500 }),
      'El monto debe ser mayor o igual a L.1000',
    );
  });
});

describe('what a borrower can read of a loan', () => {
  it('its own contract as a PDF through a signed link that expires; another loan or a forged link: 404', async () => {
    const { sid } = await borrowerReadyToApply(t);
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid, ...REQUEST }))) as {
      container_id: number;
    };
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    const url = new URL(
      (list.loans as Record<string, { contract_pdf_url: string }>)[String(loanId)]!.contract_pdf_url,
    );
    expect(url.pathname).toBe(`/api/files/loans/${loanId}/contrato.pdf`);

    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Justified lines carry their spaces as positions, not characters: compare without spaces.
    const text = pdfText(res.rawPayload).replace(/\s+/g, '');
    for (const expected of [
      'CONTRATO DE PRÉSTAMO',
      'PAGARÉ',
      'PRUEBA PERSONA',
      'Plan de pagos',
      '3 de 3',
      '1,251.63',
      'Mil Doscientos Cincuenta y Un Lempiras con 63/100',
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ''));
    }
    expect(text).toMatch(/SHA-256deldocumentoaceptado:[0-9a-f]{64}/);

    const other = url.search;
    for (const path of [
      `/api/files/loans/${loanId + 1}/contrato.pdf${other}`,
      `/api/files/loans/${loanId}/contrato.pdf?exp=${url.searchParams.get('exp')}&sig=forged`,
      `/api/files/loans/${loanId}/contrato.pdf`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
    t.clock.advance(16 * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(
        404,
      );
    } finally {
      t.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it("never another borrower's loan, contract or schedule", async () => {
    const owner = await borrowerReadyToApply(t);
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid: owner.sid, ...REQUEST }))) as {
      container_id: number;
    };
    const stranger = await borrowerReadyToApply(t);

    const list = await expectOk(t.call('getCustomerOfferList.php', { sid: stranger.sid }));
    expect(list).toEqual({ status: null, loans: {} });
    await expectEr(t.call('getFactura.php', { sid: stranger.sid }), loanMessages.noInvoice);
    for (const ContainerId of [loanId, String(loanId), 999_999, 'x', -1]) {
      await expectEr(
        t.call('getBorrowerRepaymentSchedule.php', { sid: stranger.sid, ContainerId }),
        loanMessages.loanNotFound,
      );
    }
    // The owner reads their schedule: empty until the disbursement; the id also as its digits, spaced.
    for (const ContainerId of [loanId, String(loanId), ` ${loanId} `]) {
      expect(
        await expectOk(t.call('getBorrowerRepaymentSchedule.php', { sid: owner.sid, ContainerId })),
      ).toEqual([]);
    }
    // The session is checked first, then the input: no session is ERS whatever the id.
    for (const ContainerId of [loanId, 'x', undefined]) {
      const answer = await t.call('getBorrowerRepaymentSchedule.php', { sid: 'A'.repeat(43), ContainerId });
      expect(answer.json.status).toBe('ERS');
    }
  });
});
