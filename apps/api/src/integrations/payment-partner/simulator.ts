import { assertValidSubmission } from './payment-amount';
import type { BankPaymentSubmission, PaymentPartner } from './types';

/** What the simulator keeps of a submission: every field, and of the photo only its name, type and size. */
export interface RecordedBankPayment extends Omit<BankPaymentSubmission, 'fotoComprobante'> {
  fotoComprobante: { filename: string; contentType: string; size: number };
  providerId: string;
}

export interface SimulatedPaymentPartner extends PaymentPartner {
  /** The submissions it would have sent, oldest first; a retry replaces the earlier one. */
  submissions(): readonly RecordedBankPayment[];
}

/**
 * Records what it would send and accepts it, offline. It is idempotent like the real exchange should
 * be: a retry with the same `identificadorPago` replaces the recorded one and gets the same id back.
 * Ids are `sim-pago-000001`, … in the order new payments arrive. At most `capacity` payments are kept.
 */
export function createSimulatedPaymentPartner(options: { capacity?: number } = {}): SimulatedPaymentPartner {
  const capacity = options.capacity ?? 1000;
  const byPaymentId = new Map<string, RecordedBankPayment>();
  let sequence = 0;

  return {
    async submitBankPayment(submission) {
      assertValidSubmission(submission);
      const earlier = byPaymentId.get(submission.identificadorPago);
      let providerId = earlier?.providerId;
      if (providerId === undefined) {
        sequence += 1;
        providerId = `sim-pago-${String(sequence).padStart(6, '0')}`;
      }
      const { fotoComprobante, ...fields } = submission;
      byPaymentId.delete(submission.identificadorPago);
      byPaymentId.set(submission.identificadorPago, {
        ...fields,
        fotoComprobante: {
          filename: fotoComprobante.filename,
          contentType: fotoComprobante.contentType,
          size: fotoComprobante.data.length,
        },
        providerId,
      });
      if (byPaymentId.size > capacity) {
        const oldest = byPaymentId.keys().next().value;
        if (oldest !== undefined) byPaymentId.delete(oldest);
      }
      return { accepted: true, providerId };
    },
    submissions: () =>
      [...byPaymentId.values()].map((p) => ({ ...p, fotoComprobante: { ...p.fotoComprobante } })),
  };
}
