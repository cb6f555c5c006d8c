import { randomBytes } from 'node:crypto';
import { chatMessages, transportMessages } from '@prestamos-hn/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { chatMessages as chatMessagesTable } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { readImage, type ImageType, type UploadedFile } from '../uploads.ts';

/** A chat photo checked and ready to store: its bytes and its type by its first bytes. */
export interface ChatImage {
  data: Buffer;
  contentType: ImageType;
}

/**
 * The photo of a message, from the files of a multipart post: none, or one in the field `image`
 * that is a PNG, JPEG or WEBP by its bytes and within the upload limit. Anything else is refused
 * before anything is stored.
 */
export function checkChatImage(deps: Pick<Deps, 'config'>, files: readonly UploadedFile[]): ChatImage | null {
  if (files.length === 0) return null;
  if (files.length > 1) throw new UserError(chatMessages.onlyOneImage);
  const [file] = files as [UploadedFile];
  if (file.field !== 'image') throw new UserError(chatMessages.unknownFileField, { field: file.field });
  if (file.data.length > deps.config.uploads.maxBytes) {
    throw new UserError(transportMessages.fileTooLarge, { field: 'image' });
  }
  const image = readImage(file.data);
  if (!image) throw new UserError(chatMessages.notAnImage, { field: 'image' });
  return image;
}

/** Stores a chat photo under a random server-made key of the borrower's conversation; the key. */
export async function storeChatImage(
  deps: Pick<Deps, 'integrations'>,
  borrowerId: number,
  image: ChatImage,
): Promise<string> {
  const key = `chat/${borrowerId}/${randomBytes(16).toString('hex')}`;
  await deps.integrations.fileStorage.put(key, image.data, image.contentType);
  return key;
}

/** Removes a stored photo that no message kept (a refused or repeated post); never fails the caller. */
export async function discardChatImage(deps: Pick<Deps, 'integrations' | 'log'>, key: string): Promise<void> {
  await deps.integrations.fileStorage
    .delete(key)
    .catch((error: unknown) => deps.log.warn({ err: error }, 'chat photo not deleted'));
}

/** The photo of a message for a signed URL (the borrower's), or null when there is none. */
export async function readChatImage(
  deps: Pick<Deps, 'db' | 'integrations'>,
  messageId: number,
): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await deps.db
    .select({ key: chatMessagesTable.imageKey, contentType: chatMessagesTable.imageContentType })
    .from(chatMessagesTable)
    .where(and(eq(chatMessagesTable.id, messageId), isNotNull(chatMessagesTable.imageKey)))
    .limit(1);
  if (!row?.key || !row.contentType) return null;
  const file = await deps.integrations.fileStorage.get(row.key);
  return file ? { data: file.data, contentType: row.contentType } : null;
}
