import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getPurposeList.php: what a loan can be requested for (a staff-managed list). */
export function usePurposes() {
  return useQuery({
    queryKey: queryKeys.purposes,
    queryFn: ({ signal }) => callLegacy('getPurposeList', {}, { signal }),
    staleTime: Infinity,
  });
}
