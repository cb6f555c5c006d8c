import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, receiptForwards } from '../src/db/schema/index.ts';
import {
  json,
  startPartnerServer,
  type PartnerServer,
  type ReceivedRequest,
} from '../src/integrations/shared/partner-server.ts';
import { listReceipts } from '../src/services/payments/cashier-desk.ts';
import { forwardPendingReceipts, MAX_FORWARD_FAILURES } from '../src/services/payments/partner-forward.ts';
import {
  borrowerWithReceipt,
  depositPhoto,
  paymentStaff,
  postReceipt,
  receiptsOf,
  scheduleOf,
  type Staff,
} from './support/payments.ts';
import { expectOk, images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let staff: Staff;
let partner: PartnerServer;
const TOKEN = 'token-del-socio-de-pagos';
// 09:00 in Tegucigalpa.
const START = '2026-11-22T15:00:00Z';

beforeAll(async () => {
  // The real HTTP adapter, against a real local server playing the partner's postBacPago.php.
  partner = await startPartnerServer(json(200, { status: 'success' }));
  t = await createTestApp({
    now: START,
    env: { PAYMENT_PARTNER_URL: `${partner.baseUrl}/chatbot/postBacPago.php`, PAYMENT_PARTNER_TOKEN: TOKEN },
  });
  staff = await paymentStaff(t);
});
afterAll(async () => {
  await t.close();
  await partner.close();
});
beforeEach(async () => {
  t.clock.set(START);
  // Leave no earlier test's receipt waiting: each test counts its own requests.
  partner.answer(json(200, { status: 'success' }));
  while ((await forwardPendingReceipts(t.deps)).sent > 0);
  partner.received.length = 0;
});

/** The multipart body the partner received, read with the platform's own parser. */
async function formOf(request: ReceivedRequest): Promise<FormData> {
  return new Request('http://partner.test/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.body),
  }).formData();
}

const sentReceipt = (reference: string) => borrowerWithReceipt(t, staff, reference);

const forwardOf = async (receiptId: number) =>
  (await t.deps.db.select().from(receiptForwards).where(eq(receiptForwards.receiptId, receiptId)))[0]!;

describe('forwarding receipts to the payment partner', () => {
  it('a failing partner is retried later, and the receipt reaches it once, with every SPEC field', async () => {
    const { receiptId, borrowerId, loanId } = await sentReceipt('REINTENTO-1');
    partner.answer(json(500, { status: 'error' }));
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 0, refused: 0, failed: 1 });
    expect(await forwardOf(receiptId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      failures: 1,
      lastError: 'El socio de pagos respondió con el estado HTTP 500.',
      nextAttemptAt: new Date(Date.parse(START) + 60_000),
    });
    // Not due yet: nothing is sent.
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 0, refused: 0, failed: 0 });
    expect(partner.received).toHaveLength(1);

    partner.answer(json(200, { status: 'success', id: 991 }));
    t.clock.advance(61_000);
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(await forwardOf(receiptId)).toMatchObject({
      status: 'sent',
      attempts: 2,
      failures: 0,
      lastError: null,
      providerId: '991',
      sentPhotoVersion: 1,
    });
    // Later runs send nothing more.
    t.clock.advance(3_600_000);
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 0, refused: 0, failed: 0 });
    expect(partner.received).toHaveLength(2);

    // Both attempts were the same payment to the partner.
    const key = `comprobante-${receiptId}`;
    for (const request of partner.received) {
      expect(request.url).toBe('/chatbot/postBacPago.php');
      expect(request.headers.authorization).toBe(TOKEN);
      expect(request.headers['idempotency-key']).toBe(key);
    }
    const form = await formOf(partner.received[1]!);
    const [instalment] = await scheduleOf(t, loanId);
    const fields = Object.fromEntries([...form.entries()].filter(([name]) => name !== 'fotoComprobante'));
    expect(fields).toEqual({
      idCliente: String(borrowerId),
      identidadCliente: expect.stringMatching(/^\d{13}$/),
      nombreCliente: 'PRUEBA PERSONA',
      correoElectronico: expect.stringContaining('@example.com'),
      celular: expect.stringMatching(/^\d{8}$/),
      numReferencia: 'REINTENTO-1',
      cuota: '1',
      montoPago: '417.21',
      validado: 'pendiente',
      descripcion: 'Pago_Bac',
      comentario: 'Sin comentarios',
      enviarMensaje: '0',
      usuarioValidador_id: '3',
      identificadorPago: key,
      identificadorPrestamo: String(loanId),
      fechaPago: '2026-11-22',
      fechaCuota: instalment!.dueDate,
      horaRegistro: '09:00:00',
    });
    const photo = form.get('fotoComprobante') as File;
    expect(photo.name).toBe(`comprobante-${receiptId}.jpg`);
    expect(photo.type).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(depositPhoto(loanId, 'REINTENTO-1'));

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'receipt.forward'), eq(auditLog.entityId, String(receiptId))));
    expect(audit).toMatchObject([
      { actorType: 'system', after: { accepted: true, providerId: '991', attempts: 2 } },
    ]);
  });

  it('two forwarders running at once send each receipt once', async () => {
    const receipts = [
      await sentReceipt('PARALELO-1'),
      await sentReceipt('PARALELO-2'),
      await sentReceipt('PARALELO-3'),
    ];
    const results = await Promise.all([forwardPendingReceipts(t.deps), forwardPendingReceipts(t.deps)]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(3);
    const keys = partner.received.map((r) => r.headers['idempotency-key']).sort();
    expect(keys).toEqual(receipts.map((r) => `comprobante-${r.receiptId}`).sort());
  });

  it('a photo replaced after the forward goes again under the same payment id', async () => {
    const { sid, loanId, instalmentIds, receiptId } = await sentReceipt('FOTO-NUEVA');
    expect((await forwardPendingReceipts(t.deps)).sent).toBe(1);
    await expectOk(
      postReceipt(
        t,
        sid,
        { containerId: loanId, idpago: instalmentIds[0]!, amount: '417.21', reference: 'FOTO-NUEVA' },
        [{ field: 'DOC', data: images.png, filename: 'otra.png', contentType: 'image/png' }],
      ),
    );
    expect(await forwardOf(receiptId)).toMatchObject({ status: 'pending', sentPhotoVersion: 1 });
    expect((await forwardPendingReceipts(t.deps)).sent).toBe(1);
    expect(await forwardOf(receiptId)).toMatchObject({ status: 'sent', sentPhotoVersion: 2 });
    expect(partner.received.map((r) => r.headers['idempotency-key'])).toEqual([
      `comprobante-${receiptId}`,
      `comprobante-${receiptId}`,
    ]);
    const photo = (await formOf(partner.received[1]!)).get('fotoComprobante') as File;
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(images.png);
    expect((await receiptsOf(t, loanId))[0]?.photoVersion).toBe(2);
  });

  it("the partner's refusal is kept and not retried", async () => {
    const { receiptId } = await sentReceipt('RECHAZO-SOCIO');
    partner.answer(json(200, { success: false, message: 'Referencia duplicada' }));
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 0, refused: 1, failed: 0 });
    expect(await forwardOf(receiptId)).toMatchObject({ status: 'refused' });
    t.clock.advance(3_600_000);
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 0, refused: 0, failed: 0 });
    expect(partner.received).toHaveLength(1);
  });

  it(`gives up after ${MAX_FORWARD_FAILURES} failures in a row, and the cashier sees it`, async () => {
    const { receiptId } = await sentReceipt('SIN-SOCIO');
    partner.answer(json(503, {}));
    for (let i = 0; i < MAX_FORWARD_FAILURES; i++) {
      expect((await forwardPendingReceipts(t.deps)).failed).toBe(1);
      t.clock.advance(3_600_000);
    }
    expect(await forwardOf(receiptId)).toMatchObject({ status: 'failed', failures: MAX_FORWARD_FAILURES });
    expect(await forwardPendingReceipts(t.deps)).toEqual({ sent: 0, refused: 0, failed: 0 });
    const listed = (await listReceipts(t.deps, { state: 'pending', page: 1, pageSize: 500 })).items.find(
      (i) => i.id === receiptId,
    );
    expect(listed?.forward).toMatchObject({
      status: 'failed',
      statusLabel: 'No se pudo enviar al socio de pagos',
      attempts: MAX_FORWARD_FAILURES,
    });
  });
});
