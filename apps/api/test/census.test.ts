import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { karla } from '@prestamos-hn/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const fixtureDir = mkdtempSync(path.join(tmpdir(), 'census-fixtures-'));
const fixtureFile = path.join(fixtureDir, 'extra.json');
writeFileSync(
  fixtureFile,
  JSON.stringify({
    identities: [
      {
        numero_identidad: '0703199100123',
        DES_PRIMER_NOMBRE: 'MARÍA',
        DES_SEGUNDO_NOMBRE: 'JOSÉ',
        DES_PRIMER_APELLIDO: 'PINEDA',
        DES_SEGUNDO_APELLIDO: '',
        COD_SEXO: 2,
        FECHA_NACIMIENTO: '1991-11-23',
      },
    ],
  }),
);

let t: TestApp;
beforeAll(async () => {
  // 22 November 2026, 23:30 in Tegucigalpa is already the 23rd in UTC.
  t = await createTestApp({ now: '2026-11-23T05:30:00Z', env: { CENSUS_FIXTURES: fixtureFile } });
});
afterAll(() => t.close());

const lookUp = (numero: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/app/validardatoscenso.php?numero_identidad=${numero}`,
    remoteAddress: ip,
  });

describe('validardatoscenso.php', () => {
  it('answers success for a demo identity, with EDAD for today in Tegucigalpa', async () => {
    const res = await lookUp(karla.identityNumber);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { ...karla.census, EDAD: 36 } });
  });

  it('computes EDAD on the Tegucigalpa date, not the UTC one (birthday tomorrow there)', async () => {
    const res = await lookUp('0703199100123');
    // Born 1991-11-23: in UTC it is already the 23rd (35), in Tegucigalpa still the 22nd (34).
    expect(res.json()).toMatchObject({ status: 'success', data: { DES_PRIMER_NOMBRE: 'MARÍA', EDAD: 34 } });
  });

  it('answers the under-21 and over-80 demo identities with their true age', async () => {
    expect((await lookUp('0801200500055')).json().data.EDAD).toBe(20);
    expect((await lookUp('0801194500066')).json().data.EDAD).toBe(81);
  });

  it('answers not_found for an unknown 13-digit number', async () => {
    expect((await lookUp('0801199912345')).json()).toEqual({ status: 'not_found' });
  });

  it('answers an error status for the simulated registry failure', async () => {
    const body = (await lookUp('0801199999999')).json();
    expect(body.status).not.toBe('success');
    expect(body.status).not.toBe('not_found');
  });

  it('refuses a number that is not 13 digits without asking the registry', async () => {
    for (const bad of ['123', '08011990000111', 'abcdefghijklm', '']) {
      const res = await lookUp(bad);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'invalid',
        message: 'Debe ser de 13 caracteres.',
      });
    }
  });

  it('never needs or reveals a key: the answer carries no secret', async () => {
    const res = await lookUp(karla.identityNumber);
    expect(JSON.stringify(res.json())).not.toMatch(/key|token/i);
  });

  it('is rate-limited per IP', async () => {
    const ip = '10.9.9.9';
    const limit = t.config.census.ratePerMinute;
    for (let i = 0; i < limit; i++) expect((await lookUp(karla.identityNumber, ip)).statusCode).toBe(200);
    const refused = await lookUp(karla.identityNumber, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 'rate_limited',
      message: 'Demasiados intentos. Espera un momento e intenta de nuevo.',
    });
    // Another IP is not affected.
    expect((await lookUp(karla.identityNumber, '10.9.9.10')).statusCode).toBe(200);
  });
});
