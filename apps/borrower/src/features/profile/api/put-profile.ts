import type { ProfileChanges } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type { ProfileChanges };

/**
 * putProfile.php: saves one dialog's fields (the new phone with the `code` sent to it goes as
 * `OtpLNum`); on OK the profile is read again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...changes }: ProfileChanges) =>
      callLegacy('putProfile', { array: code === undefined ? changes : { ...changes, OtpLNum: code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
