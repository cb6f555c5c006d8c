import { NOTIFICATION_POLL_MS } from '@prestamos-hn/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getNotificationNum.php: the badge, polled every 10 s while the app is in view (not in background tabs). */
export function notificationCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notificationCount,
    queryFn: async ({ signal }) => (await callLegacy('getNotificationNum', {}, { signal })).NotNum,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useNotificationCount() {
  return useQuery(notificationCountQueryOptions());
}
