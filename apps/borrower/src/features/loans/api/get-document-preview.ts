import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The two documents a borrower accepts with a request. */
export type LoanDocumentKind = 'contract' | 'promissoryNote';

/** What a document is rendered for: the request being filled in. */
export interface DocumentRequest {
  amount: number;
  /** The term in days. */
  period: number;
  /** The product's `ProCod`. */
  productId: number;
  /** The purpose's id (the contract names it). */
  purpose: string;
}

const CALLS = { contract: 'get_contractPre', promissoryNote: 'get_pagarePre' } as const;

/**
 * get_contractPre.php or get_pagarePre.php: the contract or the promissory note, rendered on the
 * server for the borrower and this request (HTML without scripts, shown in a sandboxed frame);
 * nothing is read until there is a request. Its `version` and the SHA-256 of its HTML go with the
 * request (useSendLoanRequest), so that the server stores it only if it is still what was read.
 */
export function useDocumentPreview(kind: LoanDocumentKind, request: DocumentRequest | null) {
  return useQuery({
    queryKey: queryKeys.document(kind, request),
    queryFn: ({ signal }) => callLegacy(CALLS[kind], request ?? {}, { signal }),
    enabled: request !== null,
    staleTime: Infinity,
  });
}
