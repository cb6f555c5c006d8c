import { createOutbox, type OutboxEntry } from '../../../lib/offline-outbox';
import type { ReceiptToSend } from './send-receipt';

/**
 * Bank receipts sent without connection (decision 018), with their photo, kept in IndexedDB until
 * send_recipemail.php has them. A resend is harmless: one receipt per loan and reference. A module
 * of its own, without the API client: the runner that app/after-load.ts starts on every screen
 * reads this queue, and the client (and its schemas) downloads only when something waits in it.
 */
export const receiptOutbox = createOutbox<ReceiptToSend>('receipts');

export type QueuedReceipt = OutboxEntry<ReceiptToSend>;
