import { REFERENCE_EXISTS } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { callLegacy } from '../../../lib/api-client';
import { planQueryKeys } from './query-keys';

/** The check waits for a pause in typing this long. */
export const REFERENCE_CHECK_DEBOUNCE_MS = 500;

/**
 * getPagosReference.php: whether a receipt with this reference was already sent for this loan
 * (`true` for "existe"). Checked once the reference is not empty and typing pauses; not retried, so a
 * failure reads 'Error validando' at once.
 */
export function useReceiptReferenceCheck(containerId: number, reference: string) {
  const debounced = useDebouncedValue(reference, REFERENCE_CHECK_DEBOUNCE_MS);
  return useQuery({
    queryKey: planQueryKeys.receiptReference(containerId, debounced),
    queryFn: async ({ signal }) =>
      (await callLegacy('getPagosReference', { containerId, reference: debounced }, { signal })) ===
      REFERENCE_EXISTS,
    enabled: debounced !== '',
    retry: false,
  });
}
