import {
  createPartnerRequest,
  ensureOk,
  readIdField,
  readOptionalJsonBody,
  type HttpAdapterOptions,
} from '../shared/http';
import { assertValidSubmission } from './payment-amount';
import { bankPaymentFields, type BankPaymentSubmission, type PaymentPartner } from './types';

/** The partner's answer statuses that mean "not accepted" although the HTTP status was 2xx. */
const refusedStatuses = new Set(['error', 'er', 'fail', 'failed', 'rechazado']);

/**
 * The chatbot payment endpoint (`postBacPago.php`): a multipart POST of the submission's fields, the
 * photo as `fotoComprobante`, with `Authorization: <token>` (the token as is, no scheme), which stays
 * on the server. The payment id also goes as an `Idempotency-Key` header, so a partner that honours it
 * can drop a retried duplicate.
 *
 * A non-2xx answer, a timeout or a network failure rejects with an IntegrationError. A 2xx answer is
 * accepted unless its JSON says otherwise (`success: false`, `accepted: false` or a `status` such as
 * `error`); the partner's id is read from `id`, `idPago` or `providerId` when present.
 */
export function createHttpPaymentPartner(
  options: { url: string; token: string } & HttpAdapterOptions,
): PaymentPartner {
  const request = createPartnerRequest('payment-partner', options);

  return {
    async submitBankPayment(submission) {
      assertValidSubmission(submission);
      const response = await request(options.url, {
        method: 'POST',
        headers: { authorization: options.token, 'idempotency-key': submission.identificadorPago },
        body: toFormData(submission),
      });
      await ensureOk('payment-partner', response);
      const answer = await readOptionalJsonBody(response);
      const providerId = readIdField(answer, ['id', 'idPago', 'providerId']);
      return { accepted: !isRefusal(answer), ...(providerId === undefined ? {} : { providerId }) };
    },
  };
}

function toFormData(submission: BankPaymentSubmission): FormData {
  const form = new FormData();
  // Only the SPEC's fields, in the SPEC's order, whatever else the object may carry.
  for (const name of bankPaymentFields) {
    if (name === 'fotoComprobante') {
      const photo = submission.fotoComprobante;
      const bytes = new Uint8Array(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength);
      form.append(name, new Blob([bytes], { type: photo.contentType }), photo.filename);
    } else {
      form.append(name, submission[name]);
    }
  }
  return form;
}

function isRefusal(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const record = answer as Record<string, unknown>;
  if (record.success === false || record.accepted === false) return true;
  return typeof record.status === 'string' && refusedStatuses.has(record.status.toLowerCase());
}
