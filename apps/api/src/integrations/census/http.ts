import { z } from 'zod';
import { createPartnerRequest, readJsonBody, type HttpAdapterOptions } from '../shared/http';
import { censusRecordSchema, pickCensusRecord } from './census-record-schema';
import type { CensusLookup, CensusRegistry } from './types';

/** The header that carries the registry's api key. */
export const CENSUS_API_KEY_HEADER = 'x-api-key';

const answerSchema = z.object({ status: z.string().min(1), data: z.unknown().optional() });

/**
 * The registry's lookup (legacy `validardatoscenso.php`): `GET {url}?numero_identidad=…` with the api
 * key in {@link CENSUS_API_KEY_HEADER}; the key stays on the server. Any failure (network, timeout,
 * non-2xx, an answer we cannot read) is `{status: 'error'}`, which the service reports as
 * 'Ocurrió un error al validar la identidad.'.
 */
export function createHttpCensusRegistry(
  options: { url: string; apiKey: string } & HttpAdapterOptions,
): CensusRegistry {
  const request = createPartnerRequest('census', options);

  return {
    async lookup(identityNumber) {
      const url = new URL(options.url);
      url.searchParams.set('numero_identidad', identityNumber);
      try {
        const response = await request(url, {
          method: 'GET',
          headers: { accept: 'application/json', [CENSUS_API_KEY_HEADER]: options.apiKey },
        });
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          return { status: 'error' };
        }
        return toLookup(await readJsonBody('census', response));
      } catch {
        return { status: 'error' };
      }
    },
  };
}

function toLookup(body: unknown): CensusLookup {
  const answer = answerSchema.safeParse(body);
  if (!answer.success) return { status: 'error' };
  const { status, data } = answer.data;
  if (status === 'not_found') return { status: 'not_found' };
  if (status !== 'success') return { status };
  const record = censusRecordSchema.safeParse(normaliseRegistryData(data));
  return record.success ? { status: 'success', record: pickCensusRecord(record.data) } : { status: 'error' };
}

/**
 * Tolerates the two small differences a registry's JSON commonly has from our fixtures: the sex as a
 * string ("1") and the birth date with a time ("1990-03-15 00:00:00"). Anything else must match.
 */
function normaliseRegistryData(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  if (copy.COD_SEXO === '1' || copy.COD_SEXO === '2') copy.COD_SEXO = Number(copy.COD_SEXO);
  if (typeof copy.FECHA_NACIMIENTO === 'string' && /^\d{4}-\d{2}-\d{2}[T ]/.test(copy.FECHA_NACIMIENTO)) {
    copy.FECHA_NACIMIENTO = copy.FECHA_NACIMIENTO.slice(0, 10);
  }
  for (const key of ['DES_SEGUNDO_NOMBRE', 'DES_SEGUNDO_APELLIDO']) {
    if (copy[key] === null) copy[key] = '';
  }
  return copy;
}
