import {
  documentEvidence,
  loanMessages,
  type DocumentEvidence,
  type DocumentPreview,
  type RequestOf,
} from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the request dialog sends: the request, and the contract and promissory note as it showed them. */
export interface LoanRequestToSend {
  request: Omit<RequestOf<'postOffer'>, keyof DocumentEvidence>;
  contract: DocumentPreview;
  promissoryNote: DocumentPreview;
}

/**
 * postOffer.php: the loan request (`period` the term in days, `amount` in lempiras, `purpose` a
 * purpose id, `productId` the product's `ProCod`) with the evidence of the documents accepted: each
 * one's version and the SHA-256 of its HTML exactly as received (issue 32 point 7; Web Crypto,
 * which the app has in its secure contexts, HTTPS and localhost). A refusal (ER) carries the
 * Spanish reason.
 */
export function useSendLoanRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, contract, promissoryNote }: LoanRequestToSend) =>
      callLegacy('postOffer', { ...request, ...(await documentEvidence(contract, promissoryNote)) }),
    // The summary is the new request's: forget any older one before it is read.
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.invoice }),
    // The documents are not the ones read (a newer version saved, another day...): read them again.
    onError: (error) =>
      error.message === loanMessages.documentsChanged
        ? queryClient.invalidateQueries({ queryKey: queryKeys.documents })
        : undefined,
  });
}
