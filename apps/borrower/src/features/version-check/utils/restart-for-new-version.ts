import { formatNewVersionMessage } from './published-version';

type RestartWindow = Pick<Window, 'alert'> & { location: Pick<Location, 'hash' | 'reload'> };

/**
 * Tells the person a new version is out, then reloads the app on the login screen (SPEC section 8).
 * `reload` is the page's reload, or one that lets the new version's service worker take over first.
 */
export function restartForNewVersion(
  version: string,
  win: RestartWindow = window,
  reload: () => void = () => win.location.reload(),
): void {
  win.alert(formatNewVersionMessage(version));
  win.location.hash = '#/login';
  reload();
}
