import type { ReferencesPayload } from '@prestamos-hn/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** putProfile.php with the eight reference fields; on OK the profile is read again, for every screen. */
export function useSaveReferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (references: ReferencesPayload) => callLegacy('putProfile', { array: { ...references } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
