import { CHAT_EVENTS_PATH } from '@prestamos-hn/contract';
import { callLegacy } from '../../../lib/api-client';
import { getApiUrl } from '../../../config/env';

/**
 * The address of the live channel: getChatTicket.php gives a ticket usable once within 60 s (the
 * `sid` never goes in a URL); `after` asks first for what came after the newest message held.
 */
export async function getChatEventsUrl(after: number | undefined): Promise<string> {
  const { ticket } = await callLegacy('getChatTicket', {});
  const query = new URLSearchParams({ ticket, ...(after !== undefined ? { after: String(after) } : {}) });
  return `${getApiUrl()}${CHAT_EVENTS_PATH}?${query}`;
}
