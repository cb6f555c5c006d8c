import { describe, expect, it } from 'vitest';
import { IntegrationError } from '../shared/integration-error';
import { json, neverAnswer, partnerServerPerTest } from '../shared/partner-server';
import { BANK_ACCOUNT_CHECK_API_KEY_HEADER, createHttpBankAccountCheck } from './http';

const apiKey = 'clave-cuentas';

describe('HTTP bank account check', () => {
  const partner = partnerServerPerTest(json(200, { exists: true }));

  const check = (timeoutMs?: number) =>
    createHttpBankAccountCheck({ url: `${partner.baseUrl}/cuentas/existe`, apiKey, timeoutMs });

  it('posts the number without hyphens or spaces, with the key in x-api-key', async () => {
    await check().exists('2000-0001 1111');
    const [request] = partner.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/cuentas/existe');
    expect(BANK_ACCOUNT_CHECK_API_KEY_HEADER).toBe('x-api-key');
    expect(request?.headers['x-api-key']).toBe(apiKey);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString('utf8') ?? '')).toEqual({ account_number: '200000011111' });
  });

  it.each([true, false])('reads exists: %s', async (exists) => {
    partner.answer(json(200, { exists }));
    expect(await check().exists('200000011111')).toBe(exists);
  });

  it.each([
    [
      'a non-2xx answer',
      json(503, { exists: false }),
      'La verificación de cuentas bancarias respondió con el estado HTTP 503.',
    ],
    [
      'an answer without a boolean exists',
      json(200, { exists: 'no' }),
      'La verificación de cuentas bancarias respondió sin «exists».',
    ],
    [
      'an answer that is not JSON',
      json(200, undefined),
      'La verificación de cuentas bancarias respondió con un JSON no válido.',
    ],
  ])('rejects %s', async (_case, handler, message) => {
    partner.answer(handler);
    const error = await check()
      .exists('200000011111')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect((error as Error).message).toBe(message);
  });

  it('rejects when the lookup does not answer in time', async () => {
    partner.answer(neverAnswer);
    await expect(check(50).exists('200000011111')).rejects.toThrow(
      'La verificación de cuentas bancarias no respondió en 50 ms.',
    );
  });
});
