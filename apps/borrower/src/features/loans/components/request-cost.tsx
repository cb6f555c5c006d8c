import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CallResultAlert } from '../../../components/call-result-alert';
import { useInvoicePreview } from '../api/get-invoice-preview';
import type { DocumentRequest } from '../api/get-document-preview';
import { quoteRateRows } from '../utils/format';
import { LoanSummary } from './loan-summary';

export const REQUEST_COST_TITLE = 'Lo que vas a pagar';
export const AMOUNT_RECEIVED_TERM = 'Monto que recibes';

/**
 * The cost of the request before it is sent (issue 35, point 2), above the boxes that accept the
 * documents: what the calculator shows (the amount received, interest, administrative costs, total,
 * the number and dates of the payments, the annual rate and the CAT), with the calculator's own
 * summary, but the numbers the server computes for this request and stores if it is sent
 * (getFacturaPre.php): the product's price list and the holiday calendar, which the calculator
 * does not use.
 */
export function RequestCost({ request, annualRatePct }: { request: DocumentRequest; annualRatePct: number }) {
  const preview = useInvoicePreview(request);
  return (
    <Box component="section" aria-labelledby="request-cost-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="request-cost-title" component="h4" variant="subtitle2">
        {REQUEST_COST_TITLE}
      </Typography>
      {preview.data ? (
        <LoanSummary
          summary={preview.data.summary}
          amountTerm={AMOUNT_RECEIVED_TERM}
          extra={quoteRateRows(annualRatePct, preview.data.annualCostPercent)}
        />
      ) : preview.isError ? (
        <CallResultAlert error={preview.error} />
      ) : (
        <Typography role="status" variant="body2">
          Calculando lo que vas a pagar…
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        Las fechas cuentan desde hoy; si el desembolso es otro día, tu plan final cuenta desde ese día.
      </Typography>
    </Box>
  );
}
