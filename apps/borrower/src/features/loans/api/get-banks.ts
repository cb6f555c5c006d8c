import { selectableOptions } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { fieldOptionsQueryOptions, type FieldOptions } from '../../../lib/shared-queries';

const selectBanks = (options: FieldOptions) => selectableOptions(options.bank.values);

/** getFieldConstructor.php's bank list: the bank codes and names, in display order. */
export function useBanks() {
  return useQuery({ ...fieldOptionsQueryOptions(), select: selectBanks });
}
