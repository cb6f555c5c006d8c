import { fromWireQuote } from '@prestamos-hn/contract';
import { INVOICE_POLL_MS } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getFactura.php: the summary of the borrower's newest request (the quote stored with it). Read
 * every second while the summary is open (SPEC sections 7 and 9), not at all once it closes. The
 * screens read it as the domain's summary, in centavos (`fromWireQuote`).
 */
export function useInvoice({ isOpen }: { isOpen: boolean }) {
  return useQuery({
    queryKey: queryKeys.invoice,
    queryFn: ({ signal }) => callLegacy('getFactura', {}, { signal }),
    enabled: isOpen,
    refetchInterval: isOpen ? INVOICE_POLL_MS : false,
    select: fromWireQuote,
  });
}
