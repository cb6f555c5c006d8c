import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { karla } from '@prestamos-hn/domain/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiDataDir } from '../../config';
import { createSimulatedCensusRegistry } from './simulator';
import { isCensusFound, type CensusLookup } from './types';

const recordOf = (lookup: CensusLookup) => (isCensusFound(lookup) ? lookup.record : undefined);

const demoFile = path.join(apiDataDir, 'census-demo.json');

/** A file of one person entry: Karla's, with `changes`. */
const onePerson = (changes: Record<string, unknown>) => ({
  identities: [{ numero_identidad: karla.identityNumber, ...karla.census, ...changes }],
});

describe('simulated census registry', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'census-sim-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function fixture(name: string, content: unknown): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  }

  it('answers the demo identities with their census fields and no EDAD', async () => {
    const census = createSimulatedCensusRegistry({ fixtureFiles: [demoFile] });
    expect(await census.lookup(karla.identityNumber)).toEqual({ status: 'success', record: karla.census });
  });

  it('keeps accents and empty second names as the file has them', async () => {
    const census = createSimulatedCensusRegistry({ fixtureFiles: [demoFile] });
    const lookup = await census.lookup('0101199200033');
    expect(recordOf(lookup)).toMatchObject({ DES_PRIMER_APELLIDO: 'LÓPEZ', DES_SEGUNDO_NOMBRE: '' });
  });

  it('answers not_found for an unknown number and the stated status for a failure entry', async () => {
    const census = createSimulatedCensusRegistry({ fixtureFiles: [demoFile] });
    expect(await census.lookup('0801200099999')).toEqual({ status: 'not_found' });
    expect(await census.lookup('0801199999999')).toEqual({ status: 'error' });
    expect(await census.lookup('')).toEqual({ status: 'not_found' });
  });

  it('lets a later file override an earlier one for the same number', async () => {
    const extra = await fixture('extra.json', {
      identities: [
        { numero_identidad: karla.identityNumber, status: 'bloqueado' },
        {
          numero_identidad: '0801199999999',
          DES_PRIMER_NOMBRE: 'ÑAÑO',
          DES_SEGUNDO_NOMBRE: '',
          DES_PRIMER_APELLIDO: 'PEÑA',
          DES_SEGUNDO_APELLIDO: '',
          COD_SEXO: 1,
          FECHA_NACIMIENTO: '2000-02-29',
        },
      ],
    });
    const census = createSimulatedCensusRegistry({ fixtureFiles: [demoFile, extra] });
    expect(await census.lookup(karla.identityNumber)).toEqual({ status: 'bloqueado' });
    expect(recordOf(await census.lookup('0801199999999'))?.DES_PRIMER_NOMBRE).toBe('ÑAÑO');
    // Untouched numbers still come from the first file.
    expect((await census.lookup('0501198500022')).status).toBe('success');
  });

  it('returns copies, so a caller cannot change what the registry answers next', async () => {
    const census = createSimulatedCensusRegistry({ fixtureFiles: [demoFile] });
    const first = await census.lookup(karla.identityNumber);
    const record = recordOf(first);
    if (record) record.DES_PRIMER_NOMBRE = 'CAMBIADO';
    expect(recordOf(await census.lookup(karla.identityNumber))?.DES_PRIMER_NOMBRE).toBe('KARLA');
  });

  it.each([
    [
      'a number that is not 13 digits',
      { identities: [{ numero_identidad: '0801', status: 'error' }] },
      'identities.0.numero_identidad: debe tener exactamente 13 dígitos',
    ],
    ['a sex code other than 1 or 2', onePerson({ COD_SEXO: 3 }), 'identities.0'],
    ['an impossible birth date', onePerson({ FECHA_NACIMIENTO: '1990-02-30' }), 'identities.0'],
    ['no identities list', { people: [] }, 'identities'],
    [
      'a status entry saying success',
      { identities: [{ numero_identidad: karla.identityNumber, status: 'success' }] },
      'quite',
    ],
  ])('fails at creation, naming the file, for %s', async (_case, content, detail) => {
    const file = await fixture('bad.json', content);
    expect(() => createSimulatedCensusRegistry({ fixtureFiles: [demoFile, file] })).toThrow(file);
    expect(() => createSimulatedCensusRegistry({ fixtureFiles: [file] })).toThrow(detail);
  });

  it('fails at creation, naming the file, when it is not JSON or does not exist', async () => {
    const broken = await fixture('broken.json', '{"identities": [');
    expect(() => createSimulatedCensusRegistry({ fixtureFiles: [broken] })).toThrow(
      `El archivo de identidades del censo ${broken} no es JSON válido`,
    );
    const missing = path.join(dir, 'missing.json');
    expect(() => createSimulatedCensusRegistry({ fixtureFiles: [missing] })).toThrow(
      `No se pudo leer el archivo de identidades del censo ${missing}`,
    );
  });
});
