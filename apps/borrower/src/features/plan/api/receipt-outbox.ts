import { transportMessages } from '@prestamos-hn/contract';
import { isReceiptWindowOpen } from '@prestamos-hn/domain';
import { LegacyCallError, SessionExpiredError } from '../../../lib/api-errors';
import type { SendOutcome } from '../../../lib/offline-outbox';
import { handleSessionExpired } from '../../../lib/query-client';
import type { QueuedReceipt } from './receipt-queue';
import { postReceipt } from './send-receipt';

export { receiptOutbox, type QueuedReceipt } from './receipt-queue';

/** One queued receipt's try: sent, refused for what it is (kept with the reason), or not yet. */
export async function sendQueuedReceipt(entry: QueuedReceipt): Promise<SendOutcome> {
  // After 20:00 the desk takes no receipt (SPEC section 2): it goes in the morning, not refused.
  if (!isReceiptWindowOpen(new Date())) return 'retry-later';
  try {
    await postReceipt(entry.payload);
    return 'sent';
  } catch (error) {
    if (error instanceof SessionExpiredError) {
      handleSessionExpired(error);
      return 'retry-later';
    }
    if (
      error instanceof LegacyCallError &&
      error.status !== '500' &&
      error.message !== transportMessages.tooManyRequests
    ) {
      return { refused: error.message };
    }
    return 'retry-later'; // no network, or the server failed
  }
}
