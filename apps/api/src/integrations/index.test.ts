import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { json, startPartnerServer, type PartnerServer } from './shared/partner-server';
import { createIntegrations, isCensusFound, listSimulatedIntegrations } from './index';

describe('createIntegrations', () => {
  let filesDir: string;
  let partner: PartnerServer;
  beforeEach(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'integrations-'));
    partner = await startPartnerServer();
  });
  afterEach(async () => {
    await partner.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('runs every party offline on its simulator when no URL is set', async () => {
    const config = loadConfig({ FILES_DIR: filesDir });
    expect(listSimulatedIntegrations(config)).toEqual([
      'census',
      'sms',
      'mailer',
      'bankAccountCheck',
      'paymentPartner',
      'geocoder',
      'fileStorage',
    ]);
    const integrations = createIntegrations(config);

    const lookup = await integrations.census.lookup('0801199000011');
    expect(isCensusFound(lookup) && lookup.record.DES_PRIMER_NOMBRE).toBe('KARLA');
    expect(await integrations.sms.send({ to: '98765432', body: 'x' })).toEqual({
      providerId: 'sim-sms-000001',
    });
    expect(await integrations.mailer.send({ to: 'a@b.hn', subject: 's', text: 't' })).toEqual({
      providerId: 'sim-email-000001',
    });
    expect(await integrations.bankAccountCheck.exists('2000-0001-1111')).toBe(true);
    expect((await integrations.geocoder.reverse(15.50585, -88.02588))?.city).toBe('San Pedro Sula');
    await integrations.fileStorage.put('prueba/uno', Buffer.from('hola'), 'text/plain');
    expect((await integrations.fileStorage.get('prueba/uno'))?.data.toString()).toBe('hola');
    expect(partner.received).toHaveLength(0);
  });

  it('uses the real adapters, with the given fetch, when their URLs are set', async () => {
    const config = loadConfig({
      FILES_DIR: filesDir,
      CENSUS_URL: `${partner.baseUrl}/censo`,
      CENSUS_API_KEY: 'k1',
      SMS_URL: `${partner.baseUrl}/sms`,
      SMS_API_KEY: 'k2',
      BANK_ACCOUNT_CHECK_URL: `${partner.baseUrl}/cuentas`,
      BANK_ACCOUNT_CHECK_KEY: 'k3',
      PAYMENT_PARTNER_URL: `${partner.baseUrl}/postBacPago.php`,
      PAYMENT_PARTNER_TOKEN: 'k4',
      GEOCODER_URL: `${partner.baseUrl}/geo`,
      S3_ENDPOINT: partner.baseUrl,
      S3_BUCKET: 'cubeta',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'k5',
    });
    expect(listSimulatedIntegrations(config)).toEqual(['mailer']);
    const calls: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    const integrations = createIntegrations(config, { fetch: recordingFetch });

    partner.answer(json(200, { status: 'not_found' }));
    expect(await integrations.census.lookup('0801199000011')).toEqual({ status: 'not_found' });
    partner.answer(json(200, { id: 'x', exists: true }));
    await integrations.sms.send({ to: '98765432', body: 'x' });
    expect(await integrations.bankAccountCheck.exists('1')).toBe(true);
    partner.answer(json(200, { error: 'Unable to geocode' }));
    expect(await integrations.geocoder.reverse(14.08, -87.2)).toBeNull();
    partner.answer((_req, res) => void res.writeHead(404).end());
    expect(await integrations.fileStorage.get('a')).toBeNull();

    expect(partner.received.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'GET /censo',
      'POST /sms',
      'POST /cuentas',
      'GET /geo/reverse',
      'GET /cubeta/a',
    ]);
    expect(calls).toHaveLength(5);
    expect(partner.received[3]?.headers['user-agent']).toBe('prestamos-hn-api (+http://localhost:3000)');
  });

  it.each([
    [{ SMS_URL: 'http://127.0.0.1:9/sms' }, 'SMS_URL necesita SMS_API_KEY.'],
    [
      { BANK_ACCOUNT_CHECK_URL: 'http://127.0.0.1:9/c' },
      'BANK_ACCOUNT_CHECK_URL necesita BANK_ACCOUNT_CHECK_KEY.',
    ],
    [{ PAYMENT_PARTNER_URL: 'http://127.0.0.1:9/p' }, 'PAYMENT_PARTNER_URL necesita PAYMENT_PARTNER_TOKEN.'],
  ])('refuses a partner URL without its secret: %j', (settings, message) => {
    expect(() => createIntegrations(loadConfig({ FILES_DIR: filesDir, ...settings }))).toThrow(message);
  });

  it('stops at start when a census fixture file is missing, naming it', () => {
    const config = loadConfig({
      FILES_DIR: filesDir,
      CENSUS_FIXTURES: path.join(filesDir, 'no-existe.json'),
    });
    expect(() => createIntegrations(config)).toThrow(path.join(filesDir, 'no-existe.json'));
  });
});
