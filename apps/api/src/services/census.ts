import type { CensusAnswer } from '@prestamos-hn/contract';
import { ageInYears } from '@prestamos-hn/domain';
import type { Deps } from './deps.ts';
import { today } from './shared/dates.ts';

/**
 * Looks an identity number up in the national registry (or its simulator) and answers in the
 * registry's own shape, with EDAD computed for today in America/Tegucigalpa.
 * The registry's key stays on the server.
 */
export async function lookUpIdentity(
  deps: Pick<Deps, 'integrations' | 'clock' | 'log'>,
  identityNumber: string,
): Promise<CensusAnswer> {
  const answer = await deps.integrations.census.lookup(identityNumber);
  if (answer.status === 'success' && 'record' in answer) {
    return {
      status: 'success',
      data: { ...answer.record, EDAD: ageInYears(answer.record.FECHA_NACIMIENTO, today(deps)) },
    };
  }
  if (answer.status === 'not_found') return { status: 'not_found' };
  deps.log.warn({ status: answer.status }, 'census registry answered an error status');
  return { status: answer.status, message: 'Ocurrió un error al validar la identidad.' };
}
