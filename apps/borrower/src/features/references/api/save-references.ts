import type { ReferencesPayload } from '@prestamos-hn/domain';
import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** putProfile.php with the eight reference fields. */
export function useSaveReferences({ onSaved }: { onSaved?: () => unknown } = {}) {
  return useMutation({
    mutationFn: (references: ReferencesPayload) => callLegacy('putProfile', { array: { ...references } }),
    onSuccess: () => onSaved?.(),
  });
}
