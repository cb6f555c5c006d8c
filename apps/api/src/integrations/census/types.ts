import type { CensusRecord as DomainCensusRecord } from '@prestamos-hn/domain';

/** A person as the national registry (RNP) gives them. EDAD is not here: the service computes it. */
export type CensusRecord = Omit<DomainCensusRecord, 'EDAD'>;

/**
 * The registry's answer: `success` with the person, `not_found`, or any other status the registry
 * gives (for example `error`, also used when it cannot be reached). Narrow with `'record' in lookup`
 * or {@link isCensusFound}: a status comparison alone does not narrow past the `string` member.
 */
export type CensusLookup =
  { status: 'success'; record: CensusRecord } | { status: 'not_found' } | { status: string };

export interface CensusRegistry {
  /** Looks up a 13-digit identity number. Never throws: a failure is `{status: 'error'}`. */
  lookup(identityNumber: string): Promise<CensusLookup>;
}

export function isCensusFound(lookup: CensusLookup): lookup is { status: 'success'; record: CensusRecord } {
  return lookup.status === 'success' && 'record' in lookup;
}
