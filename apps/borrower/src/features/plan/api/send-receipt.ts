import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { uploadLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ReceiptToSend {
  containerId: number;
  /** The instalment it goes against (the first one not paid); null when the loan has none to pay. */
  instalmentId: number | null;
  /** Lempiras, up to two decimals. */
  amount: number;
  /** Without whitespace. */
  reference: string;
  /** The bank of the deposit: one of the lender's listed accounts (issue 35); left out, BAC. */
  bank?: number;
  /** The photo, already scaled down. */
  photo: Blob;
}

/**
 * send_recipemail.php: the photo of a bank receipt as `DOC`. Sending the same reference again is
 * harmless: the server keeps one receipt per loan and reference (the very same photo and amount
 * change nothing), which is what lets a receipt queued offline be sent again after a lost answer.
 */
export function postReceipt(
  { containerId, instalmentId, amount, reference, bank, photo }: ReceiptToSend,
  onProgress?: (fraction: number) => void,
) {
  return uploadLegacy(
    'send_recipemail',
    { DOC: photo },
    // With no instalment to pay `idpago` goes empty, and the server says why it cannot take it.
    {
      fields: {
        containerId,
        idpago: instalmentId ?? '',
        amount: String(amount),
        reference,
        ...(bank === undefined ? {} : { bank }),
      },
      onProgress,
    },
  );
}

/**
 * The receipt reaches the loan list, its schedule and wallet, the reference checks and the loan's
 * receipts ('Pendiente de validar').
 */
export function refreshAfterReceipt(queryClient: QueryClient) {
  return Promise.all(
    [
      queryKeys.loans,
      queryKeys.schedules,
      queryKeys.wallets,
      queryKeys.receiptReferences,
      queryKeys.loanPaymentsAll,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** send_recipemail.php with its upload progress (0 to 1). */
export function useSendReceipt(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receipt: ReceiptToSend) => postReceipt(receipt, onProgress),
    onSuccess: () => refreshAfterReceipt(queryClient),
  });
}
