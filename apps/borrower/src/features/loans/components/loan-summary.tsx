import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Invoice } from '@prestamos-hn/contract';
import { formatLongDate, ORDINAL_PAYMENT_MAX, ordinalPaymentName } from '@prestamos-hn/domain';
import { formatLempiras } from '../utils/format';

/** The SPEC's invoice (summary): the stored quote of a request, or the calculator's. */
export type LoanSummaryData = Pick<
  Invoice,
  'cantidadSolicitada' | 'intereses' | 'gastosAdministrativos' | 'totalAPagar' | 'pagosARealizar' | 'pagos'
>;

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
 * adds more rows (the calculator's rate and annual cost).
 */
export function LoanSummary({
  summary,
  extra = [],
}: {
  summary: LoanSummaryData;
  extra?: readonly { term: string; value: string }[];
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="dl" sx={{ m: 0 }}>
        <Row term="Monto solicitado" value={formatLempiras(summary.cantidadSolicitada)} />
        <Row term="Intereses" value={formatLempiras(summary.intereses)} />
        <Row term="Gastos administrativos" value={formatLempiras(summary.gastosAdministrativos)} />
        <Row term="Total a pagar" value={formatLempiras(summary.totalAPagar)} isStrong />
        <Row term="Número de pagos" value={String(summary.pagosARealizar)} />
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
        {summary.pagos.map((payment, index) => (
          <Box
            component="li"
            key={`${payment.fechaDePago}-${index}`}
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
                {formatLongDate(payment.fechaDePago)}
              </Typography>
            </Box>
            <Typography component="span" variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
              {formatLempiras(payment.cantidad)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
