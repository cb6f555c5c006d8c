import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { LoanItem } from '@prestamos-hn/contract';
import {
  formatMoney,
  historyLoanTitle,
  isHistoryLoanNavigable,
  loanStatusLabel,
  type BorrowerPayment,
} from '@prestamos-hn/domain';
import { Link } from 'wouter';
import { CREDIT_LABEL, HISTORY_EMPTY_TEXT } from '../utils/plan-texts';
import { formatLempiras, formatTegucigalpaDate } from '../utils/plan-view';
import { LoanPaymentsList } from './loan-payments-list';

/**
 * Every loan, newest first (the order given): 'Préstamo de L. {amount_limit}', the request date and
 * the status. Rejected and paid loans are greyed and not clickable; the others open /plan/{container_id}.
 * A paid loan with money left ('Saldo a tu favor', `credits` by loan id, lempiras) says so and opens
 * its plan, where the credit is shown. Under a loan, its payments and what each covered
 * (`payments` by loan id, issue 35).
 */
export function LoanHistoryList({
  loans,
  credits = {},
  payments = {},
}: {
  loans: readonly LoanItem[];
  credits?: Readonly<Record<number, number>>;
  payments?: Readonly<Record<number, readonly BorrowerPayment[]>>;
}) {
  if (loans.length === 0) return <Typography>{HISTORY_EMPTY_TEXT}</Typography>;
  return (
    <List disablePadding aria-label="Préstamos" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {loans.map((loan, index) => {
        const credit = credits[loan.container_id] ?? 0;
        const text = (
          <ListItemText
            primary={historyLoanTitle(formatMoney(loan.amount_limit))}
            secondary={
              `${formatTegucigalpaDate(loan.created)} · ${loanStatusLabel(loan.status)}` +
              (credit > 0 ? ` · ${CREDIT_LABEL}: ${formatLempiras(credit)}` : '')
            }
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
          />
        );
        const divider = index < loans.length - 1;
        const paymentsList = (
          <LoanPaymentsList loanNumber={loan.container_id} payments={payments[loan.container_id] ?? []} />
        );
        return isHistoryLoanNavigable(loan.status) || credit > 0 ? (
          <ListItem
            key={loan.container_id}
            disablePadding
            divider={divider}
            sx={{ flexDirection: 'column', alignItems: 'stretch' }}
          >
            <ListItemButton component={Link} to={`/plan/${loan.container_id}`}>
              {text}
              <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
            </ListItemButton>
            {paymentsList}
          </ListItem>
        ) : (
          <ListItem
            key={loan.container_id}
            divider={divider}
            sx={{
              flexDirection: 'column',
              alignItems: 'stretch',
              bgcolor: 'action.hover',
              '& .MuiListItemText-root': { color: 'text.secondary' },
            }}
          >
            {text}
            {paymentsList}
          </ListItem>
        );
      })}
    </List>
  );
}
