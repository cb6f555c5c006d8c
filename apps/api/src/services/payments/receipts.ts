import { createHash, randomBytes } from 'node:crypto';
import {
  paymentMessages,
  REFERENCE_EXISTS,
  REFERENCE_FREE,
  transportMessages,
  type PayloadOf,
} from '@prestamos-hn/contract';
import {
  canonicalReference,
  cleanReceiptReference,
  instalmentToPay,
  isLoanPayable,
  isReceiptWindowOpen,
  receiptSchema,
  REQUIRED_FIELD_MESSAGE,
  toCents,
} from '@prestamos-hn/domain';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instalments, liveInstalment, loans, receiptForwards, receipts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { readImage, type ImageType, type UploadedFile } from '../uploads.ts';
import { loadOwnLoan } from '../shared/own-loan.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { quotaMessages } from '../shared/quotas.ts';
import { parseRowId } from '../shared/validation.ts';
import { activeCollectionAccounts } from '../collection-accounts.ts';

/** The file field of send_recipemail.php. */
export const RECEIPT_FILE_FIELD = 'DOC';
export const RECEIPT_REFERENCE_MAX = 40;
/** L 1,000,000.00: far above any instalment, below anything that could overflow. */
export const RECEIPT_AMOUNT_MAX_CENTS = 100_000_000;

/** The payment partner's `identificadorPago` for a receipt: the same on every attempt. */
export const forwardKeyOf = (receiptId: number) => `comprobante-${receiptId}`;

type ReceiptRow = typeof receipts.$inferSelect;

/** 'Monto a Pagar' and 'Número de Referencia' with the domain's rules, as centavos and the clean reference. */
function readAmountAndReference(
  amount: string,
  reference: string,
): { amountCents: number; reference: string } {
  const parsed = receiptSchema.safeParse({ amount, reference });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'amount' ? 'amount' : 'reference';
    throw new UserError(issue?.message ?? REQUIRED_FIELD_MESSAGE, { field });
  }
  const amountCents = toCents(parsed.data.amount);
  if (amountCents > RECEIPT_AMOUNT_MAX_CENTS) {
    throw new UserError(paymentMessages.amountTooLarge, { field: 'amount' });
  }
  if (parsed.data.reference.length > RECEIPT_REFERENCE_MAX) {
    throw new UserError(paymentMessages.referenceTooLong, { field: 'reference' });
  }
  refuseReferenceWithoutDigits(parsed.data.reference);
  return { amountCents, reference: parsed.data.reference };
}

/**
 * A reference with no letter or digit ('.', '-/'): its canonical form is empty, so the bank could
 * never match it and every such receipt would look like the same deposit (issue 31).
 */
function refuseReferenceWithoutDigits(reference: string): void {
  if (canonicalReference(reference) === '') {
    throw new UserError(paymentMessages.referenceWithoutDigits, { field: 'reference' });
  }
}

/** The one photo in `DOC`, checked by its bytes (png, jpeg or webp) and size. */
function readPhoto(deps: Pick<Deps, 'config'>, files: readonly UploadedFile[]) {
  if (files.length === 0) throw new UserError(paymentMessages.noFile, { field: RECEIPT_FILE_FIELD });
  const [file] = files;
  if (files.length > 1 || file!.field !== RECEIPT_FILE_FIELD) {
    throw new UserError(paymentMessages.oneFileOnly, { field: RECEIPT_FILE_FIELD });
  }
  if (file!.data.length > deps.config.uploads.maxBytes) {
    throw new UserError(transportMessages.fileTooLarge, { field: RECEIPT_FILE_FIELD });
  }
  const image = readImage(file!.data);
  if (!image) throw new UserError(paymentMessages.notAnImage, { field: RECEIPT_FILE_FIELD });
  return { ...image, sha256: createHash('sha256').update(image.data).digest('hex') };
}

export interface SendReceiptInput {
  borrowerId: number;
  sessionId: number;
  ip: string;
  containerId: number | string;
  /** The instalment the app sends the receipt against. */
  idpago: number | string;
  amount: string;
  reference: string;
  /**
   * The bank the deposit was made at: one of the lender's active collection accounts (issue 35,
   * point 1). Left out or empty: BAC Credomatic, as 'Enviar comprobante BAC' always meant.
   */
  bank?: number | string | undefined;
  files: readonly UploadedFile[];
}

/** What 'Enviar comprobante BAC' meant before the borrower could pick the bank: BAC Credomatic. */
export const DEFAULT_DEPOSIT_BANK = 2;

/**
 * The bank a receipt's deposit was made at (issue 35, point 1): left out or empty, BAC Credomatic
 * (the SPEC's 'Enviar comprobante BAC'); otherwise the bank of one of the lender's active collection
 * accounts, or ER on the field `bank`.
 */
async function readDepositBank(deps: Pick<Deps, 'db'>, bank: number | string | undefined): Promise<number> {
  if (bank === undefined || String(bank).trim() === '') return DEFAULT_DEPOSIT_BANK;
  const code = parseRowId(bank);
  const listed = await activeCollectionAccounts(deps.db);
  if (code === null || !listed.some((account) => account.bankCode === code)) {
    throw new UserError(paymentMessages.unknownDepositBank, { field: 'bank' });
  }
  return code;
}

interface StoredPhoto {
  key: string;
  contentType: ImageType;
  size: number;
  sha256: string;
}

const receiptSnapshot = (r: ReceiptRow) => ({
  loanId: r.loanId,
  instalmentId: r.instalmentId,
  reference: r.reference,
  declaredAmountCents: r.declaredAmountCents,
  photoVersion: r.photoVersion,
  photoSha256: r.photoSha256,
  state: r.state,
});

/**
 * send_recipemail.php: a photo of a bank deposit against the caller's own loan (3, 8 or 9-11), only
 * from 00:00 to 19:59 Tegucigalpa time, only against the loan's first instalment not paid (`idpago`
 * is checked), with the amount typed and the reference without whitespace. The photo is typed by its
 * bytes and stored under a random key; the receipt row, its forwarding job to the payment partner and
 * an audit row are written in one transaction.
 *
 * One receipt per customer, loan and reference (a unique index). Sending the same reference again
 * while the receipt waits for a cashier replaces its photo and amount (SPEC: 'se actualizará tu foto
 * de comprobante si se reenvía') and forwards it again under the same payment id; the very same photo
 * and amount again (a double tap, a retry) changes nothing. Once a cashier decided, a resend is refused.
 */
export async function sendReceipt(
  deps: Deps,
  input: SendReceiptInput,
): Promise<PayloadOf<'send_recipemail'>> {
  if (!isReceiptWindowOpen(deps.clock.now())) throw new UserError(paymentMessages.outsideHoursRefusal);
  const { amountCents, reference } = readAmountAndReference(input.amount, input.reference);
  const photo = readPhoto(deps, input.files);
  const bankCode = await readDepositBank(deps, input.bank);

  const loan = await loadOwnLoan(deps, input.borrowerId, input.containerId);
  if (!isLoanPayable(loan.status)) throw new UserError(paymentMessages.loanNotPayable);
  const schedule = await deps.db
    .select({ id: instalments.id, status: instalments.status })
    .from(instalments)
    .where(and(eq(instalments.loanId, loan.id), liveInstalment))
    .orderBy(asc(instalments.position));
  const next = instalmentToPay(schedule);
  if (!next) throw new UserError(paymentMessages.loanNotPayable);
  if (parseRowId(input.idpago) !== next.id) {
    throw new UserError(paymentMessages.notNextInstalment, { field: 'idpago' });
  }

  const stored: StoredPhoto = {
    key: `receipts/${input.borrowerId}/${randomBytes(16).toString('hex')}`,
    contentType: photo.contentType,
    size: photo.data.length,
    sha256: photo.sha256,
  };
  await deps.integrations.fileStorage.put(stored.key, photo.data, photo.contentType);
  let outcome: { receiptId: number; replaced: boolean; unusedKey: string | null };
  try {
    outcome = await saveReceipt(
      deps,
      input,
      { loanId: loan.id, instalmentId: next.id, amountCents, reference, bankCode },
      stored,
    );
  } catch (error) {
    await deps.integrations.fileStorage.delete(stored.key).catch(() => undefined);
    throw error;
  }
  if (outcome.unusedKey) {
    await deps.integrations.fileStorage
      .delete(outcome.unusedKey)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'receipt photo not deleted'));
  }
  return {
    message: paymentMessages.receiptSent,
    receipt_id: outcome.receiptId,
    photo_replaced: outcome.replaced,
  };
}

/**
 * Refuses a new receipt while the loan already has QUOTA_PENDING_RECEIPTS_PER_LOAN (3) waiting for a
 * cashier (pending or awaiting approval; issue 32 point 5), saying that another may be sent once one
 * is reviewed. The loan's row is locked first, so two sends at once count each other. Resending a
 * pending receipt's reference replaces it and is never refused here.
 */
async function assertPendingReceiptsQuota(deps: Pick<Deps, 'config'>, tx: DbOrTx, loanId: number) {
  const max = deps.config.quotas.pendingReceiptsPerLoan;
  await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, loanId)).for('update');
  const [waiting] = await tx
    .select({ n: count() })
    .from(receipts)
    .where(and(eq(receipts.loanId, loanId), inArray(receipts.state, ['pending', 'awaiting_approval'])));
  if ((waiting?.n ?? 0) >= max) throw new UserError(quotaMessages.pendingReceipts(max));
}

/**
 * The receipt's row in one transaction: a new one (with its forwarding job), or the pending one with
 * this reference updated. Two sends at once: the second insert hits the unique index, and its retry
 * finds the first one's row. Returns the storage key no row points to any more.
 */
async function saveReceipt(
  deps: Deps,
  input: SendReceiptInput,
  fields: { loanId: number; instalmentId: number; amountCents: number; reference: string; bankCode: number },
  photo: StoredPhoto,
): Promise<{ receiptId: number; replaced: boolean; unusedKey: string | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const [existing] = await tx
          .select()
          .from(receipts)
          .where(
            and(
              eq(receipts.borrowerId, input.borrowerId),
              eq(receipts.loanId, fields.loanId),
              eq(receipts.reference, fields.reference),
            ),
          )
          .limit(1)
          .for('update');
        if (!existing) {
          await assertPendingReceiptsQuota(deps, tx, fields.loanId);
          const [created] = await tx
            .insert(receipts)
            .values({
              borrowerId: input.borrowerId,
              loanId: fields.loanId,
              instalmentId: fields.instalmentId,
              reference: fields.reference,
              canonicalReference: canonicalReference(fields.reference),
              bankCode: fields.bankCode,
              declaredAmountCents: fields.amountCents,
              storageKey: photo.key,
              contentType: photo.contentType,
              size: photo.size,
              photoSha256: photo.sha256,
              sessionId: input.sessionId,
              ip: input.ip,
              sentAt: now,
              photoUpdatedAt: now,
              updatedAt: now,
            })
            .returning();
          await tx.insert(receiptForwards).values({
            receiptId: created!.id,
            idempotencyKey: forwardKeyOf(created!.id),
            nextAttemptAt: now,
            createdAt: now,
            updatedAt: now,
          });
          await deps.jobs?.kick(tx, 'receipt-forwarding');
          await writeAudit(deps, tx, {
            actor: { type: 'borrower', id: input.borrowerId },
            action: 'receipt.send',
            entity: 'receipt',
            entityId: created!.id,
            after: { ...receiptSnapshot(created!), contentType: photo.contentType, size: photo.size },
          });
          return { receiptId: created!.id, replaced: false, unusedKey: null };
        }
        // A validation waiting for a second approval reads as still under review to the borrower;
        // its photo is what the cashier saw and cannot change any more.
        if (existing.state === 'awaiting_approval') throw new UserError(paymentMessages.inReview);
        if (existing.state !== 'pending') throw new UserError(paymentMessages.alreadyReviewed);
        const isSameSend =
          existing.photoSha256 === photo.sha256 &&
          existing.declaredAmountCents === fields.amountCents &&
          existing.instalmentId === fields.instalmentId &&
          existing.bankCode === fields.bankCode;
        if (isSameSend) return { receiptId: existing.id, replaced: false, unusedKey: photo.key };

        const [updated] = await tx
          .update(receipts)
          .set({
            instalmentId: fields.instalmentId,
            bankCode: fields.bankCode,
            declaredAmountCents: fields.amountCents,
            storageKey: photo.key,
            contentType: photo.contentType,
            size: photo.size,
            photoSha256: photo.sha256,
            photoVersion: existing.photoVersion + 1,
            photoUpdatedAt: now,
            updatedAt: now,
          })
          .where(eq(receipts.id, existing.id))
          .returning();
        // Forward the new photo under the same payment id (the partner replaces it); a forward under
        // way notices the newer version when it records its outcome.
        await tx
          .update(receiptForwards)
          .set({ status: 'pending', failures: 0, nextAttemptAt: now, updatedAt: now })
          .where(and(eq(receiptForwards.receiptId, existing.id), ne(receiptForwards.status, 'pending')));
        await deps.jobs?.kick(tx, 'receipt-forwarding');
        await writeAudit(deps, tx, {
          actor: { type: 'borrower', id: input.borrowerId },
          action: 'receipt.photo_replace',
          entity: 'receipt',
          entityId: existing.id,
          before: receiptSnapshot(existing),
          after: { ...receiptSnapshot(updated!), contentType: photo.contentType, size: photo.size },
        });
        return { receiptId: existing.id, replaced: true, unusedKey: existing.storageKey };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * getPagosReference.php: whether the caller already sent a receipt with this reference (whitespace
 * removed) for this loan of theirs, i.e. whether `customerId_loanId_reference` exists. Answers
 * "existe" or "no existe"; another borrower's loan is refused like an unknown one.
 */
export async function checkReceiptReference(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  input: { containerId: number | string; reference: string },
): Promise<PayloadOf<'getPagosReference'>> {
  const reference = cleanReceiptReference(input.reference);
  if (reference === '') throw new UserError(REQUIRED_FIELD_MESSAGE, { field: 'reference' });
  refuseReferenceWithoutDigits(reference);
  const loan = await loadOwnLoan(deps, borrowerId, input.containerId);
  const [found] = await deps.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      and(
        eq(receipts.borrowerId, borrowerId),
        eq(receipts.loanId, loan.id),
        eq(receipts.reference, reference),
      ),
    )
    .limit(1);
  return found ? REFERENCE_EXISTS : REFERENCE_FREE;
}
