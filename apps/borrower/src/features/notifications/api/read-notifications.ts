import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * readNotifications.php (issue 35): the list was opened showing notifications up to `code` (the
 * newest); the server marks them read and answers the new count, which the badge shows at once.
 */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: number) => callLegacy('readNotifications', { NotCod: code }),
    onSuccess: async ({ NotNum }) => {
      // A poll answered before the marking must not put the old count back.
      await queryClient.cancelQueries({ queryKey: queryKeys.notificationCount });
      queryClient.setQueryData(queryKeys.notificationCount, NotNum);
    },
  });
}
