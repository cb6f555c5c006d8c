import {
  createPartnerRequest,
  ensureOk,
  readIdField,
  readOptionalJsonBody,
  type HttpAdapterOptions,
} from '../shared/http';
import { assertHonduranMobile, HONDURAS_CALLING_CODE } from './mobile-number';
import type { SmsGateway } from './types';

/**
 * An SMS gateway's HTTP API: `POST {url}` with JSON `{to: '+504XXXXXXXX', message}` and
 * `Authorization: Bearer <key>`. A non-2xx answer, a timeout or a network failure rejects with an
 * IntegrationError. The gateway's message id is read from `id`, `message_id`, `messageId` or `sid`
 * (the names gateways commonly use); a 2xx answer without one is still a sent message.
 */
export function createHttpSmsGateway(
  options: { url: string; apiKey: string } & HttpAdapterOptions,
): SmsGateway {
  const request = createPartnerRequest('sms', options);

  return {
    async send({ to, body }) {
      assertHonduranMobile(to);
      const response = await request(options.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ to: `${HONDURAS_CALLING_CODE}${to}`, message: body }),
      });
      await ensureOk('sms', response);
      const answer = await readOptionalJsonBody(response);
      return { providerId: readIdField(answer, ['id', 'message_id', 'messageId', 'sid']) ?? 'sin-id' };
    },
  };
}
