import { selectableOptions } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { loanQueryKeys } from './query-keys';

/** getFieldConstructor.php's bank list: the bank codes and names, in display order. */
export function useBanks() {
  return useQuery({
    queryKey: loanQueryKeys.banks(),
    queryFn: async ({ signal }) =>
      selectableOptions((await callLegacy('getFieldConstructor', {}, { signal })).data.bank.values),
    staleTime: Infinity,
  });
}
