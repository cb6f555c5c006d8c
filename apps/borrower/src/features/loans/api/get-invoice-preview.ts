import { fromWireInvoicePreview } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DocumentRequest } from './get-document-preview';

/**
 * getFacturaPre.php (issue 35, point 2): what the request being filled in costs, the quote the
 * server computes for it today with the product's price list and the holiday calendar, the one
 * postOffer.php stores and the contract prints, with its annual cost; read as the domain's summary
 * (`fromWireInvoicePreview`). Nothing is read until there is a request. It is one of the documents'
 * family of keys, so the documents read again (`documentsChanged`) read it again too.
 */
export function useInvoicePreview(request: DocumentRequest | null) {
  return useQuery({
    queryKey: queryKeys.invoicePreview(request),
    // Enabled only with a request.
    queryFn: ({ signal }) => {
      const { amount, period, productId } = request!;
      return callLegacy('getFacturaPre', { amount, period, productId }, { signal });
    },
    enabled: request !== null,
    staleTime: Infinity,
    select: fromWireInvoicePreview,
  });
}
