import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** send_confirmdata.php: 'Mis datos son correctos' sends the complete profile for review. */
export function useSendConfirmData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callLegacy('send_confirmdata', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
