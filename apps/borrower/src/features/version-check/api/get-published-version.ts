import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { parsePublishedVersion, VERSION_CHECK_INTERVAL_MS } from '../utils/published-version';

/** Published next to index.html by the build; the server reads it fresh on every request. */
const VERSION_FILE_URL = './versionjs.txt';

/** The published version; fails (and the check is skipped) when the answer is not a version. */
export async function getPublishedVersion(signal?: AbortSignal): Promise<string> {
  const response = await fetch(VERSION_FILE_URL, { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`versionjs.txt respondió ${response.status}`);
  const version = parsePublishedVersion(await response.text());
  if (version === undefined) throw new Error('versionjs.txt no contiene una versión');
  return version;
}

/**
 * Polls the published version every 30 s while the page is visible. The bundle starts out assuming it
 * is current (initial data, never stale), so the first request goes out after 30 s, as in the SPEC.
 */
export function publishedVersionQueryOptions(currentVersion: string) {
  return queryOptions({
    queryKey: queryKeys.publishedVersion,
    queryFn: ({ signal }) => getPublishedVersion(signal),
    initialData: currentVersion,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
