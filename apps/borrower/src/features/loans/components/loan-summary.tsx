import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import {
  formatLongDate,
  ORDINAL_PAYMENT_MAX,
  ordinalPaymentName,
  type QuoteSummary,
} from '@prestamos-hn/domain';
import { formatCentsAsLempiras } from '../utils/format';

/** One row of the totals: a term and its value, in a description list. */
function Row({ term, value, isStrong = false }: { term: string; value: string; isStrong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: isStrong ? 500 : 400 }}>
        {term}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: isStrong ? 700 : 400, textAlign: 'right', whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A payment's name: 'Primer pago' … 'Trigésimo sexto pago', then 'Pago 37' (no ordinal name beyond). */
function paymentName(position: number): string {
  return position <= ORDINAL_PAYMENT_MAX ? ordinalPaymentName(position) : `Pago ${position}`;
}

/**
 * The summary (SPEC section 2): requested amount, interest, administrative costs, total, number of
 * payments, then the dated instalments with their ordinal names; amounts as `L 0,0.00`. `extra`
 * adds more rows (the rate and annual cost of the calculator and of the request before it is sent).
 */
export function LoanSummary({
  summary,
  extra = [],
  amountTerm = 'Monto solicitado',
}: {
  /**
   * The stored quote of a request (getFactura.php's, read from the wire), the one a request would
   * store (getFacturaPre.php's) or the calculator's.
   */
  summary: QuoteSummary;
  extra?: readonly { term: string; value: string }[];
  /** The amount's name: what was requested, or (before sending) what the borrower receives. */
  amountTerm?: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="dl" sx={{ m: 0 }}>
        <Row term={amountTerm} value={formatCentsAsLempiras(summary.amountCents)} />
        <Row term="Intereses" value={formatCentsAsLempiras(summary.interestCents)} />
        <Row term="Gastos administrativos" value={formatCentsAsLempiras(summary.feesCents)} />
        <Row term="Total a pagar" value={formatCentsAsLempiras(summary.totalCents)} isStrong />
        <Row term="Número de pagos" value={String(summary.payments.length)} />
        {extra.map((row) => (
          <Row key={row.term} term={row.term} value={row.value} />
        ))}
      </Box>
      <Divider />
      <Typography component="h3" variant="subtitle2">
        Tus pagos
      </Typography>
      <Box
        component="ol"
        aria-label="Tus pagos"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {summary.payments.map((payment, index) => (
          <Box
            component="li"
            key={`${payment.dueDate}-${index}`}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: 2,
              p: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            <Box>
              <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 500 }}>
                {paymentName(index + 1)}
              </Typography>
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                {formatLongDate(payment.dueDate)}
              </Typography>
            </Box>
            <Typography component="span" variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
              {formatCentsAsLempiras(payment.totalCents)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
