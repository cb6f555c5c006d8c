import type { RequestOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { loanQueryKeys } from './query-keys';

/**
 * postOffer.php: the loan request (`period` the term in days, `amount` in lempiras, `purpose` a
 * purpose id, `productId` the product's `ProCod`). A refusal (ER) carries the Spanish reason.
 */
export function useSendLoanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<'postOffer'>) => callLegacy('postOffer', request),
    // The summary is the new request's: forget any older one before it is read.
    onSuccess: () => queryClient.removeQueries({ queryKey: loanQueryKeys.invoice() }),
  });
}
