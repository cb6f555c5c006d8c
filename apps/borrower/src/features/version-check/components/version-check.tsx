import { useVersionCheck } from '../hooks/use-version-check';
import { restartForNewVersion } from '../utils/restart-for-new-version';

/** Watches for a new deploy and restarts the app when one appears. Renders nothing. */
export function VersionCheck({ currentVersion }: { currentVersion: string }) {
  useVersionCheck(currentVersion, restartForNewVersion);
  return null;
}
