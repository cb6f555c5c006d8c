import { showOfflineNotice } from '../features/offline/offline-notice';
import { registerServiceWorker } from '../lib/service-worker';

/**
 * What the app starts once the page has loaded (main.tsx), in chunks of their own, off the first
 * load (decision 018): the service worker that keeps the app for a visit without connection, the
 * notice shown while there is none, and the sending of the receipts queued meanwhile.
 */
export function afterLoad(): void {
  showOfflineNotice();
  void registerServiceWorker();
  void import('../features/plan/api/receipt-outbox-runner').then((m) => m.startReceiptOutbox());
}
