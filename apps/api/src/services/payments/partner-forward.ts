import { todayInTegucigalpa, timeInTegucigalpa } from '@prestamos-hn/domain';
import { and, asc, eq, lte } from 'drizzle-orm';
import { borrowers, instalments, receiptForwards, receipts } from '../../db/schema/index.ts';
import {
  bankPaymentConstants,
  formatPaymentAmount,
  IntegrationError,
  type BankPaymentSubmission,
} from '../../integrations/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { borrowerFullName } from './names.ts';

/** After this many failed attempts in a row a forward is `failed` (staff see it on the receipt). */
export const MAX_FORWARD_FAILURES = 12;
/** How long a sender holds a claimed row before another may try it (longer than any partner call). */
export const FORWARD_CLAIM_MS = 2 * 60_000;
/** 1, 2, 4 … minutes after each failure, at most an hour (12 failures: about 6 hours of trying). */
export const forwardBackoffMs = (failures: number) => Math.min(60_000 * 2 ** (failures - 1), 3_600_000);

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

interface Claim {
  forwardId: number;
  attempts: number;
  failures: number;
  receiptId: number;
  photoVersion: number;
  submission: Omit<BankPaymentSubmission, 'fotoComprobante'>;
  photo: { key: string; contentType: string };
}

/**
 * Claims the oldest due forward: in a short transaction (`FOR UPDATE SKIP LOCKED`, so several
 * servers share the work), counts the attempt and moves `next_attempt_at` past the call. The
 * partner is called after the commit, never inside a transaction.
 */
async function claimNextForward(deps: Deps): Promise<Claim | null> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .select({ forward: receiptForwards, receipt: receipts, borrower: borrowers, instalment: instalments })
      .from(receiptForwards)
      .innerJoin(receipts, eq(receipts.id, receiptForwards.receiptId))
      .innerJoin(borrowers, eq(borrowers.id, receipts.borrowerId))
      .innerJoin(instalments, eq(instalments.id, receipts.instalmentId))
      .where(and(eq(receiptForwards.status, 'pending'), lte(receiptForwards.nextAttemptAt, now)))
      .orderBy(asc(receiptForwards.nextAttemptAt), asc(receiptForwards.id))
      .limit(1)
      .for('update', { of: receiptForwards, skipLocked: true });
    if (!row) return null;
    const attempts = row.forward.attempts + 1;
    await tx
      .update(receiptForwards)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + FORWARD_CLAIM_MS), updatedAt: now })
      .where(eq(receiptForwards.id, row.forward.id));
    const { receipt, borrower, instalment } = row;
    return {
      forwardId: row.forward.id,
      attempts,
      failures: row.forward.failures,
      receiptId: receipt.id,
      photoVersion: receipt.photoVersion,
      photo: { key: receipt.storageKey, contentType: receipt.contentType },
      // SPEC section 7's postBacPago.php fields; dates and the time are Tegucigalpa's (UTC-6).
      submission: {
        idCliente: String(borrower.id),
        identidadCliente: borrower.personCode,
        nombreCliente: borrowerFullName(borrower),
        correoElectronico: borrower.email,
        celular: borrower.mobPhone,
        numReferencia: receipt.reference,
        cuota: String(instalment.position),
        montoPago: formatPaymentAmount(receipt.declaredAmountCents),
        ...bankPaymentConstants,
        identificadorPago: row.forward.idempotencyKey,
        identificadorPrestamo: String(receipt.loanId),
        fechaPago: todayInTegucigalpa(receipt.sentAt),
        fechaCuota: instalment.dueDate,
        horaRegistro: timeInTegucigalpa(receipt.sentAt),
      },
    };
  });
}

type Outcome =
  { kind: 'sent'; providerId: string | null } | { kind: 'refused' } | { kind: 'error'; reason: string };

/** A forward's own problem, said to the cashier as it is (the photo is gone). */
class ForwardProblem extends Error {}

/** What the cashier reads for any other failure (storage, database): the detail is in the log. */
export const FORWARD_INTERNAL_ERROR =
  'No se pudo enviar por un error interno; se reintentará. El detalle está en el registro del servidor.';

/**
 * Writes a claim's outcome, only if the claim still holds (`attempts` unchanged: nobody claimed the
 * row again after this claim expired). Sent: `sent`, unless the borrower replaced the photo meanwhile
 * (then `pending` again, to send the new one under the same payment id). Refused by the partner:
 * `refused`, not retried. An error: retried after a growing pause, `failed` after the limit.
 */
async function recordOutcome(deps: Deps, claim: Claim, outcome: Outcome): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const fence = and(eq(receiptForwards.id, claim.forwardId), eq(receiptForwards.attempts, claim.attempts));
    if (outcome.kind === 'error') {
      const failures = claim.failures + 1;
      await tx
        .update(receiptForwards)
        .set({
          status: failures >= MAX_FORWARD_FAILURES ? 'failed' : 'pending',
          failures,
          lastError: outcome.reason.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + forwardBackoffMs(failures)),
          updatedAt: now,
        })
        .where(fence);
      return;
    }
    const [receipt] = await tx
      .select({ photoVersion: receipts.photoVersion })
      .from(receipts)
      .where(eq(receipts.id, claim.receiptId))
      .limit(1);
    const newerPhoto = (receipt?.photoVersion ?? 0) > claim.photoVersion;
    const [updated] = await tx
      .update(receiptForwards)
      .set(
        outcome.kind === 'sent'
          ? {
              status: newerPhoto ? 'pending' : 'sent',
              failures: 0,
              lastError: null,
              providerId: outcome.providerId,
              sentAt: now,
              sentPhotoVersion: claim.photoVersion,
              nextAttemptAt: now,
              updatedAt: now,
            }
          : {
              status: newerPhoto ? 'pending' : 'refused',
              lastError: 'El socio de pagos no aceptó el comprobante.',
              nextAttemptAt: now,
              updatedAt: now,
            },
      )
      .where(fence)
      .returning({ id: receiptForwards.id });
    if (!updated) return;
    await writeAudit(deps, tx, {
      actor: { type: 'system' },
      action: 'receipt.forward',
      entity: 'receipt',
      entityId: claim.receiptId,
      after: {
        accepted: outcome.kind === 'sent',
        providerId: outcome.kind === 'sent' ? outcome.providerId : null,
        identificadorPago: claim.submission.identificadorPago,
        photoVersion: claim.photoVersion,
        attempts: claim.attempts,
      },
    });
  });
}

/**
 * Forwards due receipts to the payment partner (`postBacPago.php`), one at a time, up to `limit`.
 * Every receipt's job is queued in the transaction that stored it, so none is lost; each attempt
 * carries the receipt's fixed `identificadorPago` (also the `Idempotency-Key` header), so a retry
 * after a crash between the partner's answer and our record is one payment to the partner.
 */
export async function forwardPendingReceipts(
  deps: Deps,
  limit = 10,
): Promise<{ sent: number; refused: number; failed: number }> {
  const counts = { sent: 0, refused: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const claim = await claimNextForward(deps);
    if (!claim) break;
    let outcome: Outcome;
    try {
      const photo = await deps.integrations.fileStorage.get(claim.photo.key);
      if (!photo) throw new ForwardProblem('La foto del comprobante no está en el almacenamiento.');
      const answer = await deps.integrations.paymentPartner.submitBankPayment({
        ...claim.submission,
        fotoComprobante: {
          filename: `comprobante-${claim.receiptId}.${EXTENSIONS[claim.photo.contentType] ?? 'jpg'}`,
          contentType: claim.photo.contentType,
          data: photo.data,
        },
      });
      outcome = answer.accepted
        ? { kind: 'sent', providerId: answer.providerId ?? null }
        : { kind: 'refused' };
    } catch (error) {
      // The cashier's desk shows lastError: the partner's own refusal (an IntegrationError, written
      // in Spanish for staff) as it is; anything else (storage, database) generically, the detail
      // only in the log (issue 32 point 4).
      const reason =
        error instanceof IntegrationError || error instanceof ForwardProblem
          ? error.message
          : FORWARD_INTERNAL_ERROR;
      deps.log.warn(
        { receiptId: claim.receiptId, attempts: claim.attempts, err: error },
        'receipt forward to the payment partner failed',
      );
      outcome = { kind: 'error', reason };
    }
    if (outcome.kind === 'refused') {
      deps.log.warn({ receiptId: claim.receiptId }, 'the payment partner refused a receipt');
    }
    await recordOutcome(deps, claim, outcome);
    counts[outcome.kind === 'error' ? 'failed' : outcome.kind] += 1;
  }
  return counts;
}
