import type { ProfileFileField } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** putProfileFile.php: one document, with its upload progress (0 to 1). */
export function useUploadProfileFile(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, file }: { field: ProfileFileField; file: Blob }) =>
      uploadLegacy('putProfileFile', { [field]: file }, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
