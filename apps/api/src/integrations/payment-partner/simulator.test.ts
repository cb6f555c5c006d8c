import { describe, expect, it } from 'vitest';
import { formatPaymentAmount } from './payment-amount';
import { createSimulatedPaymentPartner } from './simulator';
import { sampleSubmission } from './test-submission';

describe('simulated payment partner', () => {
  it('accepts and records the fields, keeping only the name, type and size of the photo', async () => {
    const partner = createSimulatedPaymentPartner();
    const submission = sampleSubmission();
    expect(await partner.submitBankPayment(submission)).toEqual({
      accepted: true,
      providerId: 'sim-pago-000001',
    });
    const { fotoComprobante: _photo, ...fields } = submission;
    expect(partner.submissions()).toEqual([
      {
        ...fields,
        fotoComprobante: { filename: 'comprobante.jpg', contentType: 'image/jpeg', size: 10 },
        providerId: 'sim-pago-000001',
      },
    ]);
    expect(JSON.stringify(partner.submissions())).not.toContain('data');
  });

  it('treats a retry with the same payment id as the same payment', async () => {
    const partner = createSimulatedPaymentPartner();
    await partner.submitBankPayment(sampleSubmission({ identificadorPago: 'a' }));
    await partner.submitBankPayment(sampleSubmission({ identificadorPago: 'b' }));
    const retry = await partner.submitBankPayment(
      sampleSubmission({ identificadorPago: 'a', numReferencia: 'NUEVA' }),
    );
    expect(retry).toEqual({ accepted: true, providerId: 'sim-pago-000001' });
    expect(partner.submissions().map((s) => [s.identificadorPago, s.numReferencia, s.providerId])).toEqual([
      ['b', 'BAC123456', 'sim-pago-000002'],
      ['a', 'NUEVA', 'sim-pago-000001'],
    ]);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const partner = createSimulatedPaymentPartner({ capacity: 2 });
    for (const id of ['a', 'b', 'c'])
      await partner.submitBankPayment(sampleSubmission({ identificadorPago: id }));
    expect(partner.submissions().map((s) => s.identificadorPago)).toEqual(['b', 'c']);
  });

  it('refuses a malformed amount like the real adapter', async () => {
    const partner = createSimulatedPaymentPartner();
    await expect(partner.submitBankPayment(sampleSubmission({ montoPago: '12' }))).rejects.toThrow(
      RangeError,
    );
    expect(partner.submissions()).toEqual([]);
  });
});

describe('formatPaymentAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [125050, '1250.50'],
    [100000000, '1000000.00'],
  ])('formats %i centavos as %s', (cents, text) => {
    expect(formatPaymentAmount(cents)).toBe(text);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s', (cents) => {
    expect(() => formatPaymentAmount(cents)).toThrow(
      'El monto del pago debe ser un número entero de centavos',
    );
  });
});
