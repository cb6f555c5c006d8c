import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { publishedVersionQueryOptions } from '../api/get-published-version';
import { isNewVersion } from '../utils/published-version';

/** Calls `onNewVersion` when the published version differs from `currentVersion`. */
export function useVersionCheck(currentVersion: string, onNewVersion: (version: string) => void): void {
  const { data: published } = useQuery(publishedVersionQueryOptions(currentVersion));

  useEffect(() => {
    if (isNewVersion(published, currentVersion)) onNewVersion(published);
  }, [published, currentVersion, onNewVersion]);
}
