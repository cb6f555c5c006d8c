import { REFERENCE_EXISTS } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The check waits for a pause in typing this long. */
export const REFERENCE_CHECK_DEBOUNCE_MS = 500;

/** What the check says about the reference typed: nothing yet, already sent, new, or the check failed. */
export type ReferenceCheck = 'idle' | 'duplicate' | 'new' | 'failed';

/**
 * getPagosReference.php: whether a receipt with this reference was already sent for this loan
 * ("existe"). Checked once the reference is not empty and typing pauses; not retried, so a failure
 * reads 'Error validando' at once. While the reference is being typed or checked, 'idle'.
 */
export function useReceiptReferenceCheck(containerId: number, reference: string): ReferenceCheck {
  const debounced = useDebouncedValue(reference, REFERENCE_CHECK_DEBOUNCE_MS);
  const check = useQuery({
    queryKey: queryKeys.receiptReference(containerId, debounced),
    queryFn: async ({ signal }) =>
      (await callLegacy('getPagosReference', { containerId, reference: debounced }, { signal })) ===
      REFERENCE_EXISTS,
    enabled: debounced !== '',
    retry: false,
  });
  if (reference === '' || debounced !== reference || check.isFetching) return 'idle';
  if (check.isError) return 'failed';
  if (check.data === undefined) return 'idle';
  return check.data ? 'duplicate' : 'new';
}
