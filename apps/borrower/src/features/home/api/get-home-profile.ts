import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** The home screen's own key: what it reads of the profile (status, review outcome, references). */
export const homeProfileQueryKey = ['home', 'profile'] as const;

/** getProfile.php, as the home screen reads it. */
export function homeProfileQueryOptions() {
  return queryOptions({
    queryKey: homeProfileQueryKey,
    queryFn: async ({ signal }) => (await callLegacy('getProfile', {}, { signal })).data,
  });
}

export function useHomeProfile() {
  return useQuery(homeProfileQueryOptions());
}
