import { describe, expect, it } from 'vitest';
import { IntegrationError } from '../shared/integration-error';
import { json, neverAnswer, partnerServerPerTest, type ReceivedRequest } from '../shared/partner-server';
import { createHttpPaymentPartner } from './http';
import { sampleSubmission } from './test-submission';

const token = 'token-del-chatbot';

/** Parses the multipart body the partner received, with the platform's own parser. */
async function formOf(request: ReceivedRequest | undefined): Promise<FormData> {
  if (!request) throw new Error('no request');
  return new Request('http://partner.test/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.body),
  }).formData();
}

describe('HTTP payment partner', () => {
  const partner = partnerServerPerTest(json(200, { status: 'success' }));

  const paymentPartner = (timeoutMs?: number) =>
    createHttpPaymentPartner({ url: `${partner.baseUrl}/chatbot/postBacPago.php`, token, timeoutMs });

  it('posts every SPEC field as multipart, the photo as a file, with the raw token as Authorization', async () => {
    const submission = sampleSubmission();
    expect(await paymentPartner().submitBankPayment(submission)).toEqual({ accepted: true });

    const [request] = partner.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/chatbot/postBacPago.php');
    expect(request?.headers.authorization).toBe(token);
    expect(request?.headers['idempotency-key']).toBe('pago-7f3a');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const form = await formOf(request);
    const { fotoComprobante, ...fields } = submission;
    const textFields = Object.fromEntries([...form.entries()].filter(([name]) => name !== 'fotoComprobante'));
    expect(textFields).toEqual(fields);
    // Every SPEC field once, in the SPEC's order, as the sample writes them out.
    expect([...form.keys()]).toEqual(Object.keys(submission));
    expect(textFields).toMatchObject({
      montoPago: '1250.50',
      validado: 'pendiente',
      descripcion: 'Pago_Bac',
      comentario: 'Sin comentarios',
      enviarMensaje: '0',
      usuarioValidador_id: '3',
    });
    const photo = form.get('fotoComprobante');
    expect(photo).toBeInstanceOf(File);
    expect((photo as File).name).toBe('comprobante.jpg');
    expect((photo as File).type).toBe('image/jpeg');
    expect(Buffer.from(await (photo as File).arrayBuffer())).toEqual(fotoComprobante.data);
  });

  it('sends nothing but the SPEC fields, even if the object carries more', async () => {
    const withExtra = { ...sampleSubmission(), sid: 'no-debe-salir' };
    await paymentPartner().submitBankPayment(withExtra);
    expect((await formOf(partner.received[0])).has('sid')).toBe(false);
  });

  it('sends only the photo bytes of a Buffer that is a slice of a larger one', async () => {
    const pool = Buffer.from('xxxxJPEGDATAyyyy');
    const data = pool.subarray(4, 12);
    await paymentPartner().submitBankPayment(
      sampleSubmission({ fotoComprobante: { filename: 'a.png', contentType: 'image/png', data } }),
    );
    const photo = (await formOf(partner.received[0])).get('fotoComprobante') as File;
    expect(Buffer.from(await photo.arrayBuffer()).toString()).toBe('JPEGDATA');
  });

  it.each([
    [
      { status: 'success', id: 991 },
      { accepted: true, providerId: '991' },
    ],
    [
      { ok: true, idPago: 'P-1' },
      { accepted: true, providerId: 'P-1' },
    ],
    [{ success: false, message: 'Referencia duplicada' }, { accepted: false }],
    [{ status: 'ERROR' }, { accepted: false }],
    [{ accepted: false }, { accepted: false }],
  ])('maps the answer %j', async (answer, expected) => {
    partner.answer(json(200, answer));
    expect(await paymentPartner().submitBankPayment(sampleSubmission())).toEqual(expected);
  });

  it('accepts a 2xx answer whose body is not JSON', async () => {
    partner.answer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('Guardado'));
    expect(await paymentPartner().submitBankPayment(sampleSubmission())).toEqual({ accepted: true });
  });

  it('rejects a non-2xx answer so the caller can retry', async () => {
    partner.answer(json(500, { status: 'success' }));
    const error = await paymentPartner()
      .submitBankPayment(sampleSubmission())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({ party: 'payment-partner', httpStatus: 500 });
    expect((error as Error).message).toBe('El socio de pagos respondió con el estado HTTP 500.');
  });

  it('rejects when the partner does not answer in time', async () => {
    partner.answer(neverAnswer);
    await expect(paymentPartner(50).submitBankPayment(sampleSubmission())).rejects.toThrow(
      'El socio de pagos no respondió en 50 ms.',
    );
  });

  it.each([
    [{ montoPago: '1250.5' }, 'El monto del pago debe tener exactamente 2 decimales, por ejemplo 1250.00.'],
    [{ montoPago: '1,250.50' }, 'El monto del pago debe tener exactamente 2 decimales, por ejemplo 1250.00.'],
    [{ identificadorPago: ' ' }, 'El pago necesita un identificador.'],
  ])('refuses %j without calling the partner', async (override, message) => {
    await expect(paymentPartner().submitBankPayment(sampleSubmission(override))).rejects.toThrow(message);
    expect(partner.received).toHaveLength(0);
  });
});
