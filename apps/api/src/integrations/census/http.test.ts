import { jose } from '@prestamos-hn/domain/testing';
import { describe, expect, it } from 'vitest';
import { json, neverAnswer, partnerServerPerTest, type PartnerHandler } from '../shared/partner-server';
import { CENSUS_API_KEY_HEADER, createHttpCensusRegistry } from './http';
import { isCensusFound, type CensusLookup } from './types';

const recordOf = (lookup: CensusLookup) => (isCensusFound(lookup) ? lookup.record : undefined);

const apiKey = 'clave-secreta-rnp';
const person = jose.census;

describe('HTTP census registry', () => {
  const partner = partnerServerPerTest();

  const registry = (timeoutMs?: number) =>
    createHttpCensusRegistry({ url: `${partner.baseUrl}/api/validardatoscenso.php`, apiKey, timeoutMs });

  it('sends a GET with the number in the query and the key in the x-api-key header', async () => {
    partner.answer(json(200, { status: 'success', data: { ...person, EDAD: 40 } }));
    await registry().lookup('0501198500022');
    expect(partner.received).toHaveLength(1);
    const [request] = partner.received;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/api/validardatoscenso.php?numero_identidad=0501198500022');
    expect(CENSUS_API_KEY_HEADER).toBe('x-api-key');
    expect(request?.headers['x-api-key']).toBe(apiKey);
    expect(request?.body.length).toBe(0);
  });

  it('keeps query parameters already in the configured URL', async () => {
    const census = createHttpCensusRegistry({ url: `${partner.baseUrl}/rnp?version=2`, apiKey });
    await census.lookup('0501198500022');
    expect(partner.received[0]?.url).toBe('/rnp?version=2&numero_identidad=0501198500022');
  });

  it('maps success to the record without EDAD', async () => {
    partner.answer(json(200, { status: 'success', data: { ...person, EDAD: 40 } }));
    expect(await registry().lookup('0501198500022')).toEqual({ status: 'success', record: person });
  });

  it('accepts the sex as a string, a date with a time and null second names', async () => {
    partner.answer(
      json(200, {
        status: 'success',
        data: { ...person, COD_SEXO: '2', FECHA_NACIMIENTO: '1985-07-02 00:00:00', DES_SEGUNDO_NOMBRE: null },
      }),
    );
    expect(recordOf(await registry().lookup('0501198500022'))).toEqual({
      ...person,
      COD_SEXO: 2,
      DES_SEGUNDO_NOMBRE: '',
    });
  });

  it('maps not_found and passes any other registry status through', async () => {
    partner.answer(json(200, { status: 'not_found', data: null }));
    expect(await registry().lookup('0801200099999')).toEqual({ status: 'not_found' });
    partner.answer(json(200, { status: 'fallecido' }));
    expect(await registry().lookup('0801200099999')).toEqual({ status: 'fallecido' });
  });

  it.each([
    ['a 500', json(500, { status: 'success', data: person })],
    ['a 401', json(401, { error: 'unauthorized' })],
    ['a body that is not JSON', ((_req, res) => void res.end('<html>')) satisfies PartnerHandler],
    ['success without usable data', json(200, { status: 'success', data: { DES_PRIMER_NOMBRE: 'X' } })],
    ['an answer without status', json(200, { data: person })],
  ])('answers error for %s', async (_case, handler) => {
    partner.answer(handler);
    expect(await registry().lookup('0501198500022')).toEqual({ status: 'error' });
  });

  it('answers error when the registry does not answer in time', async () => {
    partner.answer(neverAnswer);
    expect(await registry(50).lookup('0501198500022')).toEqual({ status: 'error' });
  });

  it('answers error when nothing listens at the URL', async () => {
    const url = `${partner.baseUrl}/rnp`;
    await partner.close();
    expect(await createHttpCensusRegistry({ url, apiKey }).lookup('0501198500022')).toEqual({
      status: 'error',
    });
  });
});
