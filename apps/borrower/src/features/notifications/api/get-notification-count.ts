import { NOTIFICATION_POLL_MS } from '@prestamos-hn/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => [...notificationKeys.all, 'count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** getNotificationNum.php: the badge, polled every 10 s while the app is in view (not in background tabs). */
export function notificationCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: async ({ signal }) => (await callLegacy('getNotificationNum', {}, { signal })).NotNum,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useNotificationCount() {
  return useQuery(notificationCountQueryOptions());
}
