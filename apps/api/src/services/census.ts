import type { CensusAnswer } from '@prestamos-hn/contract';
import { CENSUS_BUSY_STATUS, ageInYears } from '@prestamos-hn/domain';
import type { Deps } from './deps.ts';
import { ceilingMessages, checkCeiling, countCeiling } from './ceilings.ts';
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

/**
 * validardatoscenso.php: the sign-up's lookup, anyone may call it. Counted against the global
 * hourly ceiling (CEILING_CENSUS_LOOKUPS_PER_HOUR, issue 32 point 2): once it is reached, the answer
 * is CENSUS_BUSY_STATUS with when to try again, and the registry is not called.
 * Staff opening a borrower's file (audited, behind a session) do not count.
 */
export async function lookUpIdentityForSignUp(
  deps: Pick<Deps, 'integrations' | 'clock' | 'log' | 'db' | 'config' | 'jobs'>,
  identityNumber: string,
): Promise<CensusAnswer> {
  const ceiling = await checkCeiling(deps, 'censusLookups');
  if (!ceiling.ok)
    return { status: CENSUS_BUSY_STATUS, message: ceilingMessages.censusLookups(ceiling.minutes) };
  const answer = await lookUpIdentity(deps, identityNumber);
  await countCeiling(deps, 'censusLookups');
  return answer;
}
