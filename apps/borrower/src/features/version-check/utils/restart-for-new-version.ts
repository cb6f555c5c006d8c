import { formatNewVersionMessage } from './published-version';

type RestartWindow = Pick<Window, 'alert'> & { location: Pick<Location, 'hash' | 'reload'> };

/** Tells the person a new version is out, then reloads the app on the login screen (SPEC section 8). */
export function restartForNewVersion(version: string, win: RestartWindow = window): void {
  win.alert(formatNewVersionMessage(version));
  win.location.hash = '#/login';
  win.location.reload();
}
