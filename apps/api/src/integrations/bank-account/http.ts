import { z } from 'zod';
import { ensureOk, readJsonBody, createPartnerRequest, type HttpAdapterOptions } from '../shared/http';
import { IntegrationError } from '../shared/integration-error';
import { normaliseAccountNumber } from './account-number';
import type { BankAccountCheck } from './types';

/** The header that carries the existence lookup's api key. */
export const BANK_ACCOUNT_CHECK_API_KEY_HEADER = 'x-api-key';

const answerSchema = z.object({ exists: z.boolean() });

/**
 * The external existence lookup: `POST {url}` with JSON `{account_number}` (hyphens and spaces
 * stripped) and the key in {@link BANK_ACCOUNT_CHECK_API_KEY_HEADER}; reads `{exists: boolean}`.
 * A failure or an answer without a boolean `exists` rejects with an IntegrationError: "unknown" is
 * never reported as "does not exist".
 */
export function createHttpBankAccountCheck(
  options: { url: string; apiKey: string } & HttpAdapterOptions,
): BankAccountCheck {
  const request = createPartnerRequest('bank-account', options);

  return {
    async exists(accountNumber) {
      const response = await request(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          [BANK_ACCOUNT_CHECK_API_KEY_HEADER]: options.apiKey,
        },
        body: JSON.stringify({ account_number: normaliseAccountNumber(accountNumber) }),
      });
      await ensureOk('bank-account', response);
      const answer = answerSchema.safeParse(await readJsonBody('bank-account', response));
      if (!answer.success) {
        throw new IntegrationError(
          'bank-account',
          'La verificación de cuentas bancarias respondió sin «exists».',
          {
            httpStatus: response.status,
          },
        );
      }
      return answer.data.exists;
    },
  };
}
