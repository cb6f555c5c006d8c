import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { receiptStateText, type BorrowerReceipt, type BorrowerReceiptState } from '@prestamos-hn/domain';
import { receiptSentText, receiptTitle, RECEIPTS_ERROR_TEXT, RECEIPTS_TITLE } from '../utils/plan-texts';
import { formatCentsAsLempiras, formatTegucigalpaDate } from '../utils/plan-view';

const STATE_COLOR: Record<BorrowerReceiptState, string> = {
  pending: 'text.secondary',
  validated: 'success.dark',
  rejected: 'error.dark',
  reversed: 'error.dark',
};

/**
 * 'Tus comprobantes' (issue 35, point 5): the receipts sent for the loan, newest first, each with its
 * reference, the amount declared, the day it was sent and its state in words: 'Pendiente de
 * validar', 'Validado por L …' (the amount credited), 'Rechazado: motivo' or 'Revertido: motivo'.
 * Nothing while they load or when none was sent.
 */
export function LoanReceipts({
  receipts,
  failed = false,
}: {
  receipts: readonly BorrowerReceipt[] | undefined;
  failed?: boolean;
}) {
  if (!failed && (!receipts || receipts.length === 0)) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="loan-receipts-title" sx={{ p: 2 }}>
      <Typography id="loan-receipts-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {RECEIPTS_TITLE}
      </Typography>
      {failed || !receipts ? (
        <Typography variant="body2" color="text.secondary">
          {RECEIPTS_ERROR_TEXT}
        </Typography>
      ) : (
        <List disablePadding aria-label={RECEIPTS_TITLE}>
          {receipts.map((receipt, index) => (
            <ListItem
              key={receipt.id}
              disableGutters
              divider={index < receipts.length - 1}
              sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}
            >
              <ListItemText
                primary={receiptTitle(receipt.reference, formatCentsAsLempiras(receipt.declaredCents))}
                secondary={receiptSentText(formatTegucigalpaDate(receipt.sentAt))}
                sx={{ my: 0 }}
              />
              <Typography variant="body2" sx={{ fontWeight: 500, color: STATE_COLOR[receipt.state] }}>
                {receiptStateText(receipt)}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
