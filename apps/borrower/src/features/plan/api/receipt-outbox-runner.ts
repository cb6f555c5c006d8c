import { outboxOwner } from '../../../lib/offline-outbox';
import { getSessionData, hasSession } from '../../../lib/session';
import { receiptOutbox } from './receipt-queue';

/** Fired on `window` after queued receipts reached the server: the plan reads its data again. */
export const QUEUED_RECEIPTS_SENT_EVENT = 'prestamos-hn:queued-receipts-sent';

/** While receipts wait, they are tried again this often (besides when the browser says it is online). */
const RETRY_EVERY_MS = 30_000;

/**
 * Sends the receipts queued without connection (decision 018) whatever screen is open: now (the
 * app's start), when the connection returns, and every 30 s. Each one the server takes leaves the
 * queue; `onSent` follows those that reached it (the app shows their success).
 */
export function startReceiptOutbox(onSent: () => void): () => void {
  const flush = async () => {
    if (!navigator.onLine || !hasSession()) return;
    try {
      const owner = outboxOwner(getSessionData()?.email);
      // Nothing waits (nearly always): the sender and the API client stay off this screen's load.
      if ((await receiptOutbox.list(owner)).length === 0) return;
      const { sendQueuedReceipt } = await import('./receipt-outbox');
      const sent = await receiptOutbox.flush(owner, sendQueuedReceipt);
      if (sent.length === 0) return;
      window.dispatchEvent(new Event(QUEUED_RECEIPTS_SENT_EVENT));
      onSent();
    } catch {
      // IndexedDB refused (a private window): nothing was queued there either.
    }
  };

  const onChange = () => void flush();
  window.addEventListener('online', onChange);
  const unsubscribe = receiptOutbox.subscribe(onChange);
  const timer = setInterval(onChange, RETRY_EVERY_MS);
  void flush();
  return () => {
    window.removeEventListener('online', onChange);
    unsubscribe();
    clearInterval(timer);
  };
}
