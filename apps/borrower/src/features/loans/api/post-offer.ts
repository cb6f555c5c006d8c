import { loanMessages, type RequestOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * postOffer.php: the loan request (`period` the term in days, `amount` in lempiras, `purpose` a
 * purpose id, `productId` the product's `ProCod`, and the versions of the documents accepted). A
 * refusal (ER) carries the Spanish reason.
 */
export function useSendLoanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<'postOffer'>) => callLegacy('postOffer', request),
    // The summary is the new request's: forget any older one before it is read.
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.invoice }),
    // A newer contract or promissory note was saved since they were read: read them again.
    onError: (error) =>
      error.message === loanMessages.documentsChanged
        ? queryClient.invalidateQueries({ queryKey: queryKeys.documents })
        : undefined,
  });
}
