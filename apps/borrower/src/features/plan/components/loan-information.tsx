import DescriptionIcon from '@mui/icons-material/Description';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LoanItem } from '@prestamos-hn/contract';
import { loanStatusLabel, paymentsProgressLabel } from '@prestamos-hn/domain';
import { useId } from 'react';
import {
  CONTRACT_PDF_LABEL,
  DEBT_LABEL,
  LOAN_NUMBER_LABEL,
  loanStatusMessage,
  periodLabel,
  PLAN_PDF_LABEL,
  VIEW_CONTRACT_LABEL,
  WALLET_LABEL,
} from '../utils/plan-texts';
import { formatLempiras, planRateLabel } from '../utils/plan-view';

interface LoanInformationProps {
  loan: LoanItem;
  walletBalance: number;
  paid: number;
  total: number;
  onViewContract: () => void;
}

/**
 * The plan's information block (SPEC section 2): the status message, the loan number, the debt, the
 * wallet ('Deposito por aplicar'), the progress 'Pagos n / total', the chips (period rate with the
 * plan's divisors, term type, status) and 'Ver contrato', with the PDF when there is one, and once
 * disbursed the final plan as a PDF.
 */
export function LoanInformation({ loan, walletBalance, paid, total, onViewContract }: LoanInformationProps) {
  const progressId = useId();
  const message = loanStatusMessage(loan.status);
  const progress = total > 0 ? Math.round((paid / total) * 100) : 0;
  return (
    <Paper component="section" aria-label="Información del préstamo" variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {message && (
          // A status line, not a heading: subtitle1 would make it an <h6> after the page's <h1>.
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {message}
          </Typography>
        )}
        {loan.status === 2 && loan.rejection_reason && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {loan.rejection_reason}
          </Typography>
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          {(
            [
              [LOAN_NUMBER_LABEL, String(loan.container_id)],
              [DEBT_LABEL, formatLempiras(loan.debt)],
              [WALLET_LABEL, formatLempiras(walletBalance)],
            ] as const
          ).map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Typography id={progressId} variant="body2">
            {paymentsProgressLabel(paid, total)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-labelledby={progressId}
            sx={{ height: 8, borderRadius: 1 }}
          />
        </Box>
        <Box
          component="ul"
          aria-label="Condiciones"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
        >
          <li>
            <Chip label={`Tasa ${planRateLabel(loan)}`} size="small" />
          </li>
          <li>
            <Chip label={periodLabel(loan.period_type)} size="small" />
          </li>
          <li>
            {/* The brand blue carries text in its darker shade (packages/ui theme). */}
            <Chip
              label={loanStatusLabel(loan.status)}
              size="small"
              variant="outlined"
              sx={{ color: 'primary.dark', borderColor: 'primary.dark' }}
            />
          </li>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<DescriptionIcon />} onClick={onViewContract}>
            {VIEW_CONTRACT_LABEL}
          </Button>
          {loan.contract_pdf_url && (
            <Button
              component="a"
              href={loan.contract_pdf_url}
              target="_blank"
              rel="noopener"
              startIcon={<PictureAsPdfIcon />}
            >
              {CONTRACT_PDF_LABEL}
            </Button>
          )}
          {loan.plan_pdf_url && (
            <Button
              component="a"
              href={loan.plan_pdf_url}
              target="_blank"
              rel="noopener"
              startIcon={<EventNoteIcon />}
            >
              {PLAN_PDF_LABEL}
            </Button>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
