import { describe, expect, it } from 'vitest';
import { IntegrationError } from '../shared/integration-error';
import { json, neverAnswer, partnerServerPerTest } from '../shared/partner-server';
import { createHttpSmsGateway } from './http';

const apiKey = 'sms-clave-secreta';

describe('HTTP SMS gateway', () => {
  const partner = partnerServerPerTest(json(200, { id: 'msg-42' }));

  const gateway = (timeoutMs?: number) =>
    createHttpSmsGateway({ url: `${partner.baseUrl}/v1/messages`, apiKey, timeoutMs });

  it('posts JSON with the +504 number and the bearer key, and returns the gateway id', async () => {
    expect(await gateway().send({ to: '98765432', body: 'Tu código es 123456' })).toEqual({
      providerId: 'msg-42',
    });
    const [request] = partner.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/messages');
    expect(request?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString('utf8') ?? '')).toEqual({
      to: '+50498765432',
      message: 'Tu código es 123456',
    });
  });

  it.each([
    [{ message_id: 'a1' }, 'a1'],
    [{ messageId: 'b2' }, 'b2'],
    [{ sid: 'SM3' }, 'SM3'],
    [{ id: 77 }, '77'],
    [{ ok: true }, 'sin-id'],
  ])('reads the provider id from %j', async (answer, providerId) => {
    partner.answer(json(201, answer));
    expect(await gateway().send({ to: '98765432', body: 'x' })).toEqual({ providerId });
  });

  it('treats a 2xx answer without a body as sent', async () => {
    partner.answer((_req, res) => void res.writeHead(202).end());
    expect(await gateway().send({ to: '98765432', body: 'x' })).toEqual({ providerId: 'sin-id' });
  });

  it('rejects a non-2xx answer with its status, without the key in the message', async () => {
    partner.answer(json(401, { error: `bad key ${apiKey}` }));
    const error = await gateway()
      .send({ to: '98765432', body: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({ party: 'sms', httpStatus: 401 });
    expect((error as Error).message).toBe('La pasarela de SMS respondió con el estado HTTP 401.');
  });

  it('rejects when the gateway does not answer in time', async () => {
    partner.answer(neverAnswer);
    await expect(gateway(50).send({ to: '98765432', body: 'x' })).rejects.toThrow(
      'La pasarela de SMS no respondió en 50 ms.',
    );
  });

  it('refuses a malformed number without calling the gateway', async () => {
    await expect(gateway().send({ to: '+50498765432', body: 'x' })).rejects.toThrow(RangeError);
    expect(partner.received).toHaveLength(0);
  });
});
