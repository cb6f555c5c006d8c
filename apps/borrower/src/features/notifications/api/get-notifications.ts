import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getNotification.php: the list, newest first (the bell's dialog shows every one). Read when the dialog opens. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationList,
    queryFn: ({ signal }) => callLegacy('getNotification', {}, { signal }),
  });
}

export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
