import type { EditableProfileField } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { profileQueryKeys } from './get-profile';

export type ProfileChanges = Partial<Record<EditableProfileField, string | number | null>>;

/** putProfile.php: saves one dialog's fields; on OK the profile is read again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => callLegacy('putProfile', { array: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.all }),
  });
}
