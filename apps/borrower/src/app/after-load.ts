import { RECEIPT_SENT_MESSAGE, SUCCESS_POPUP_MS } from '@prestamos-hn/domain';
import { showOfflineNotice } from '../features/offline/offline-notice';
import { createPageNotice } from '../lib/page-notice';
import { registerServiceWorker } from '../lib/service-worker';

// What the app starts once the page has loaded (main.tsx imports this module then), in chunks of
// their own, off the first load (decision 018): the service worker that keeps the app for a visit
// without connection, the notice shown while there is none, and the sending of the receipts queued
// meanwhile, with '¡Comprobante enviado con éxito!' for about 5 s once they reached us, as for a
// receipt sent at once, on whatever screen is open.
showOfflineNotice();
void registerServiceWorker();

const sentNotice = createPageNotice('success', 'floating');
let hideSent: ReturnType<typeof setTimeout> | undefined;
void import('../features/plan/api/receipt-outbox-runner').then((m) =>
  m.startReceiptOutbox(() => {
    sentNotice.show(RECEIPT_SENT_MESSAGE);
    clearTimeout(hideSent);
    hideSent = setTimeout(() => sentNotice.show(''), SUCCESS_POPUP_MS);
  }),
);
