import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { CREDIT_LABEL, CREDIT_TEXT } from '../utils/plan-texts';
import { formatLempiras } from '../utils/plan-view';

/**
 * 'Saldo a tu favor: L 25.00' (decision 014, point 5): money left in the wallet of a paid loan,
 * which staff give back. Nothing when there is none.
 */
export function CreditBalance({ amount }: { amount: number }) {
  if (!(amount > 0)) return null;
  return (
    <Alert severity="success" role="status">
      <AlertTitle>{`${CREDIT_LABEL}: ${formatLempiras(amount)}`}</AlertTitle>
      {CREDIT_TEXT}
    </Alert>
  );
}
