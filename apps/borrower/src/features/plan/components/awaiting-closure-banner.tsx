import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useId, useState, type ReactNode } from 'react';
import { awaitingClosureText, DETAILS_LABEL, HIDE_DETAILS_LABEL } from '../utils/plan-texts';
import { formatCalendarDate } from '../utils/plan-view';

/**
 * The wallet covers the debt: the loan is paid in full and waits to be closed. 'Ver detalles' shows
 * the details (the instalments) below it.
 */
export function AwaitingClosureBanner({
  lastPaymentDate,
  details,
}: {
  lastPaymentDate: string | null;
  details: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const detailsId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert
        severity="success"
        action={
          <Button
            color="inherit"
            size="small"
            aria-expanded={isOpen}
            aria-controls={detailsId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? HIDE_DETAILS_LABEL : DETAILS_LABEL}
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: 'auto' } }}
      >
        {awaitingClosureText(lastPaymentDate ? formatCalendarDate(lastPaymentDate) : null)}
      </Alert>
      <Box id={detailsId} hidden={!isOpen}>
        {isOpen && details}
      </Box>
    </Box>
  );
}
