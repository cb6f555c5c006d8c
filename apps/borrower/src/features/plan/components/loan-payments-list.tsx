import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { paymentCoverageLines, type BorrowerPayment } from '@prestamos-hn/domain';
import { paymentsListLabel, paymentTitle } from '../utils/plan-texts';
import { formatCalendarDate, formatCentsAsLempiras } from '../utils/plan-view';

/**
 * /historial, under a loan (issue 35, point 5): each payment applied to its instalments, oldest
 * first: its date and amount ('Anulado' when a reversal undid it), then what it covered, one line
 * per instalment, as the application recorded it ('Cuota 1: recargo por mora L 0.00, intereses
 * L 50.00, gastos administrativos L 50.00 y capital L 317.21'). Nothing without payments.
 */
export function LoanPaymentsList({
  loanNumber,
  payments,
}: {
  loanNumber: number;
  payments: readonly BorrowerPayment[];
}) {
  if (payments.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={paymentsListLabel(loanNumber)}
      sx={{ listStyle: 'none', m: 0, px: 2, pb: 1.5, display: 'grid', gap: 1, width: '100%' }}
    >
      {payments.map((payment) => (
        <Box component="li" key={payment.id} sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {paymentTitle(
              formatCalendarDate(payment.businessDate),
              formatCentsAsLempiras(payment.amountCents),
              payment.reversed,
            )}
          </Typography>
          {paymentCoverageLines(payment.instalments).map((line) => (
            <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
              {line}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
