import type { ChatMessageItem } from '@prestamos-hn/contract';
import { callLegacy, uploadLegacy } from '../../../lib/api-client';
import { dataUrlToBlob } from '../utils/data-url';
import type { PendingMessage } from '../utils/pending-queue';

/**
 * postChatMessage.php for one queued message: JSON, or multipart with its photo. Sending it again
 * (same `clientId`) after a lost answer stores it once.
 */
export async function sendChatMessage(message: PendingMessage): Promise<ChatMessageItem> {
  const fields = {
    text: message.text,
    clientId: message.clientId,
    ...(message.loanId !== undefined ? { loanId: message.loanId } : {}),
  };
  if (message.imageDataUrl) {
    const image = dataUrlToBlob(message.imageDataUrl);
    return (await uploadLegacy('postChatMessage', { image }, { fields })).message;
  }
  return (await callLegacy('postChatMessage', fields)).message;
}
