import { randomBytes } from 'node:crypto';
import {
  profileFileFields,
  profileMessages,
  transportMessages,
  type PayloadOf,
  type ProfileFileField,
} from '@prestamos-hn/contract';
import { FILE_TYPES } from '@prestamos-hn/domain';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { borrowerFiles, profiles } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeBorrowerAudit } from '../audit.ts';
import { assertProfileEditable, bumpRevision, loadProfileState } from '../borrower-profile.ts';
import { readImage, type ImageType, type UploadedFile } from '../uploads.ts';
import type { Deps } from '../deps.ts';
import { startOfToday, today } from '../shared/dates.ts';
import { quotaMessages } from '../shared/quotas.ts';
import { profileFilesOf } from './read-profile.ts';

/** The front ID is png/jpg/jpeg only (SPEC section 5); the others any of the three image types. */
const allowedTypes: Record<number, readonly ImageType[]> = {
  [FILE_TYPES.frontId]: ['image/png', 'image/jpeg'],
  [FILE_TYPES.backId]: ['image/png', 'image/jpeg', 'image/webp'],
  [FILE_TYPES.utilityBill]: ['image/png', 'image/jpeg', 'image/webp'],
  [FILE_TYPES.selfie]: ['image/png', 'image/jpeg', 'image/webp'],
};

const isFileField = (field: string): field is ProfileFileField => Object.hasOwn(profileFileFields, field);

/**
 * Refuses an upload that would take the account past its documents today (QUOTA_DOCUMENT_UPLOADS_PER_DAY,
 * issue 32 point 5): every file stored counts, replaced since or not. The message says to try tomorrow.
 */
async function assertDocumentQuota(
  deps: Pick<Deps, 'clock' | 'config'>,
  db: DbOrTx,
  borrowerId: number,
  adding: number,
): Promise<void> {
  const max = deps.config.quotas.documentUploadsPerDay;
  const [uploaded] = await db
    .select({ n: count() })
    .from(borrowerFiles)
    .where(and(eq(borrowerFiles.borrowerId, borrowerId), gte(borrowerFiles.createdAt, startOfToday(deps))));
  if ((uploaded?.n ?? 0) + adding > max) throw new UserError(quotaMessages.documentUploads(max));
}

/**
 * putProfileFile.php: one to four documents. Every file is checked before anything is stored (its
 * type by its bytes, its size); the bytes go to the file storage under a random server-made key;
 * one transaction replaces the previous document of each type (its row is kept, marked replaced) with
 * an audit row; the replaced bytes are deleted after the commit. A refusal stores nothing.
 */
export async function saveProfileFiles(
  deps: Deps,
  borrowerId: number,
  uploads: readonly UploadedFile[],
): Promise<PayloadOf<'putProfileFile'>> {
  if (uploads.length === 0) throw new UserError(profileMessages.noFile);
  const byType = new Map<number, { field: ProfileFileField; data: Buffer; contentType: ImageType }>();
  for (const upload of uploads) {
    if (!isFileField(upload.field))
      throw new UserError(profileMessages.unknownFileField, { field: upload.field });
    if (upload.data.length > deps.config.uploads.maxBytes) {
      throw new UserError(transportMessages.fileTooLarge, { field: upload.field });
    }
    const type = profileFileFields[upload.field];
    const image = readImage(upload.data);
    if (!image) throw new UserError(profileMessages.notAnImage, { field: upload.field });
    if (!allowedTypes[type]!.includes(image.contentType)) {
      throw new UserError(profileMessages.frontIdFormat, { field: upload.field });
    }
    byType.set(type, { field: upload.field, ...image });
  }

  const initial = await loadProfileState(deps.db, borrowerId);
  assertProfileEditable(initial.profile);
  // The day's upload quota, before anything is stored (checked again under the profile's lock).
  await assertDocumentQuota(deps, deps.db, borrowerId, byType.size);

  const stored: { type: number; key: string; contentType: ImageType; size: number }[] = [];
  let replacedKeys: string[] = [];
  try {
    for (const [type, file] of byType) {
      const key = `borrowers/${borrowerId}/${randomBytes(16).toString('hex')}`;
      await deps.integrations.fileStorage.put(key, file.data, file.contentType);
      stored.push({ type, key, contentType: file.contentType, size: file.data.length });
    }
    replacedKeys = await deps.db.transaction(async (tx) => {
      const state = await loadProfileState(tx, borrowerId, { forUpdate: true });
      assertProfileEditable(state.profile);
      await assertDocumentQuota(deps, tx, borrowerId, stored.length);
      const now = deps.clock.now();
      const replaced: string[] = [];
      for (const file of stored) {
        const old = await tx
          .update(borrowerFiles)
          .set({ replacedAt: now })
          .where(
            and(
              eq(borrowerFiles.borrowerId, borrowerId),
              eq(borrowerFiles.type, file.type),
              isNull(borrowerFiles.replacedAt),
            ),
          )
          .returning({ id: borrowerFiles.id, key: borrowerFiles.storageKey });
        const [row] = await tx
          .insert(borrowerFiles)
          .values({
            borrowerId,
            type: file.type,
            storageKey: file.key,
            contentType: file.contentType,
            size: file.size,
            createdAt: now,
          })
          .returning({ id: borrowerFiles.id });
        replaced.push(...old.map((o) => o.key));
        await writeBorrowerAudit(deps, tx, borrowerId, {
          action: 'profile.file.upload',
          before: old[0] ? { type: file.type, fileId: old[0].id } : null,
          after: { type: file.type, fileId: row!.id, contentType: file.contentType, size: file.size },
        });
      }
      await tx
        .update(profiles)
        .set({ modified: today(deps), updatedAt: now, ...bumpRevision })
        .where(eq(profiles.borrowerId, borrowerId));
      return replaced;
    });
  } catch (error) {
    await Promise.all(stored.map((f) => deps.integrations.fileStorage.delete(f.key).catch(() => undefined)));
    throw error;
  }
  for (const key of replacedKeys) {
    await deps.integrations.fileStorage
      .delete(key)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'replaced document not deleted'));
  }
  const after = await loadProfileState(deps.db, borrowerId);
  return { message: profileMessages.filesSaved, files: profileFilesOf(deps, after) };
}

/** The stored document for a signed URL: the current file with that id, or null. */
export async function readDocument(
  deps: Pick<Deps, 'db' | 'integrations'>,
  fileId: number,
): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await deps.db
    .select()
    .from(borrowerFiles)
    .where(and(eq(borrowerFiles.id, fileId), isNull(borrowerFiles.replacedAt)))
    .limit(1);
  if (!row) return null;
  const file = await deps.integrations.fileStorage.get(row.storageKey);
  return file ? { data: file.data, contentType: row.contentType } : null;
}
