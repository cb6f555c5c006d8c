import { pageRestart } from '../../../lib/page-restart';
import { useVersionCheck } from '../hooks/use-version-check';
import { restartForNewVersion } from '../utils/restart-for-new-version';

/** The SPEC's alert and restart, into the new version's service worker when there is one. */
const restart = (version: string) => restartForNewVersion(version, window, () => pageRestart.reload());

/**
 * Watches for a new deploy and restarts the app when one appears. Renders nothing. The service
 * worker and this check agree (decision 018): the restart lets the new version's worker take over
 * before the one reload, so no page runs two versions' files.
 */
export function VersionCheck({ currentVersion }: { currentVersion: string }) {
  useVersionCheck(currentVersion, restart);
  return null;
}
