import { createPageNotice } from '../../lib/page-notice';

/** Shown while the phone has no connection (decision 018). */
export const OFFLINE_TEXT =
  'Sin conexión. Tus comprobantes y mensajes se guardan en tu teléfono y se envían cuando vuelva la señal.';

type OnlineWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Pick<Navigator, 'onLine'>;
};

/**
 * The notice at the top of every screen while the browser says it is offline, also when the app
 * was opened without connection (from the service worker's copy). Returns its removal.
 */
export function showOfflineNotice(doc: Document = document, win: OnlineWindow = window): () => void {
  const notice = createPageNotice('warning', 'sticky', doc);
  const update = () => notice.show(win.navigator.onLine ? '' : OFFLINE_TEXT);
  update();
  win.addEventListener('online', update);
  win.addEventListener('offline', update);
  return () => {
    win.removeEventListener('online', update);
    win.removeEventListener('offline', update);
    notice.remove();
  };
}
