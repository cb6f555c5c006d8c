import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** validardatoscenso.php: the census record (RNP) of a 13-digit identity number. */
export function censusQueryOptions(identityNumber: string) {
  return queryOptions({
    queryKey: queryKeys.census(identityNumber),
    queryFn: ({ signal }) =>
      callLegacy('validardatoscenso', { numero_identidad: identityNumber }, { signal }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Looks the number up once it has 13 digits (SPEC section 5). */
export function useCensus(identityNumber: string, isComplete: boolean) {
  return useQuery({ ...censusQueryOptions(identityNumber), enabled: isComplete });
}
