import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PayoffSummary } from '@prestamos-hn/contract';
import { isReceiptWindowOpen } from '@prestamos-hn/domain';
import { useId } from 'react';
import { CallResultAlert } from '../../../components/call-result-alert';
import {
  PAYOFF_LABEL,
  PAYOFF_LOADING_TEXT,
  PAYOFF_OUTSIDE_HOURS_TEXT,
  PAYOFF_PARTS_LABELS,
  payoffText,
} from '../utils/plan-texts';
import { formatCalendarDate, formatCentsAsLempiras } from '../utils/plan-view';

interface PayoffOfferProps {
  now: Date;
  quote: PayoffSummary | undefined;
  isLoading: boolean;
  error: Error | null;
  /** Opens the receipt dialog with the payoff as the amount. */
  onPayOff: (quote: PayoffSummary) => void;
}

/**
 * 'Liquidar préstamo' (decision 014, point 4): what pays the loan off today, its parts, and the
 * button that opens the receipt dialog with that amount (disabled outside the receipt hours, as
 * 'Enviar comprobante BAC'). Loading and a failed quote are said in place; the plan stays usable.
 */
export function PayoffOffer({ now, quote, isLoading, error, onPayOff }: PayoffOfferProps) {
  const headingId = useId();
  const noteId = useId();
  if (error) return <CallResultAlert error={error} />;
  if (isLoading || !quote) {
    return isLoading ? (
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
        {PAYOFF_LOADING_TEXT}
      </Typography>
    ) : null;
  }
  if (quote.payoffCents <= 0) return null;
  const isOpen = isReceiptWindowOpen(now);
  const amount = formatCentsAsLempiras(quote.payoffCents);
  const parts = (
    [
      [PAYOFF_PARTS_LABELS.principal, quote.principalCents],
      [PAYOFF_PARTS_LABELS.interest, quote.interestCents],
      [PAYOFF_PARTS_LABELS.fees, quote.feesCents],
      [PAYOFF_PARTS_LABELS.lateFees, quote.lateFeesCents],
      [PAYOFF_PARTS_LABELS.creditedBack, -quote.creditedBackCents],
    ] as const
  ).filter(([, cents], index) => index < 3 || cents !== 0);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography id={headingId} component="h2" variant="h6">
            {PAYOFF_LABEL}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 500 }} data-testid="payoff-amount">
            {amount}
          </Typography>
        </Box>
        <Typography variant="body2">{payoffText(amount, formatCalendarDate(quote.asOf))}</Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          {parts.map(([label, cents]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {formatCentsAsLempiras(cents)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <Button
            variant="outlined"
            color="primary"
            onClick={() => onPayOff(quote)}
            disabled={!isOpen}
            aria-describedby={isOpen ? undefined : noteId}
          >
            {`${PAYOFF_LABEL} (${amount})`}
          </Button>
          {!isOpen && (
            <Typography id={noteId} variant="body2" sx={{ color: 'error.main' }}>
              {PAYOFF_OUTSIDE_HOURS_TEXT}
            </Typography>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
