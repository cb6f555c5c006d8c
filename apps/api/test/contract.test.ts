import { endpointNames, endpoints, transportMessages, type EndpointDef } from '@prestamos-hn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from './support/borrowers.ts';
import { images, multipartBody } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionRows = endpointNames.filter((n) => endpoints[n].access !== 'public');
const postRows = endpointNames.filter((n) => endpoints[n].method === 'POST');

describe('every session row of the contract', () => {
  it('exists', () => expect(sessionRows.length).toBeGreaterThan(0));

  it.each(sessionRows)('%s answers ERS to a bad, missing or unknown sid', async (name) => {
    const file = endpoints[name].file;
    for (const body of [{ sid: 'nope' }, {}, { sid: 'A'.repeat(43) }, { sid: 42 }]) {
      const res = await t.call(file, body);
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ status: 'ERS', payload: { message: transportMessages.sessionExpired } });
    }
  });

  it.each(sessionRows.filter((n) => endpoints[n].access === 'session'))(
    '%s refuses a session still waiting for its login code',
    async (name) => {
      const { sid } = await sessionFor(t.deps, 'pending_code');
      const res = await t.call(endpoints[name].file, { sid });
      expect(res.json.status).toBe('ERS');
    },
  );
});

describe('every POST row of the contract', () => {
  it.each(postRows)('%s answers ER with a Spanish message to a malformed body, never a 500', async (name) => {
    for (const payload of ['{"sid": ', 'no es json', '[1,2]', 'null']) {
      const res = await t.call(endpoints[name].file, payload);
      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ status: 'ER', payload: { message: transportMessages.malformedBody } });
    }
  });
});

describe('every public POST row of the contract', () => {
  const publicPostRows = postRows.filter((n) => endpoints[n].access === 'public');

  it.each(publicPostRows)(
    '%s answers an empty body with ER and a Spanish message, never OK or 500',
    async (name) => {
      for (const body of [{}, '']) {
        const res = await t.call(endpoints[name].file, body);
        expect(res.statusCode).toBe(200);
        expect(res.json.status).toBe('ER');
        expect((res.json.payload as { message: string }).message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
      }
    },
  );
});

describe('every multipart row of the contract', () => {
  const multipartRows = endpointNames.filter((n) => (endpoints[n] as EndpointDef).multipart);
  const send = (name: string, fields: Record<string, string>) => {
    const body = multipartBody(fields, [{ field: 'file1', data: images.png }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/app/${name}`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('exists', () => expect(multipartRows.length).toBeGreaterThan(0));

  it.each(multipartRows)('%s answers ERS to a multipart body with a bad or missing sid', async (name) => {
    for (const fields of [{ sid: 'nope' }, {}] as Record<string, string>[]) {
      const res = await send(endpoints[name].file, fields);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ERS', payload: { message: transportMessages.sessionExpired } });
    }
  });

  it('a row without file fields refuses a multipart body as malformed', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await send('getPurposeList.php', { sid });
    expect(res.json()).toEqual({ status: 'ER', payload: { message: transportMessages.malformedBody } });
  });
});

describe('the transport', () => {
  it('answers an unknown call with a 404 JSON', async () => {
    const res = await t.call('noExiste.php', {});
    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ status: 'ER', payload: { message: transportMessages.unknownCall } });
  });

  it('answers a body over the limit with ER, not a 413 page', async () => {
    const res = await t.call('getPurposeList.php', JSON.stringify({ sid: 'x', pad: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(200);
    expect(res.json.status).toBe('ER');
  });

  it('reads a JSON body sent as text/plain, as old clients do', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/getPurposeList.php',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ sid }),
    });
    expect(res.json().status).toBe('OK');
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ ok: true });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
