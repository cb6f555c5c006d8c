import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isHolyWeekClosure } from '@prestamos-hn/domain';
import { Link } from 'wouter';
import { HISTORY_HEADING, HOLY_WEEK_NOTICE, NO_LOAN_TEXT } from '../utils/plan-texts';

/** The plan without a loan to show: the SPEC's text, the Holy Week closure (16-19 April) and 'Historial'. */
export function NoLoan({ now }: { now: Date }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography>{NO_LOAN_TEXT}</Typography>
      {isHolyWeekClosure(now) && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {HOLY_WEEK_NOTICE}
        </Alert>
      )}
      <Button component={Link} to="/historial" variant="contained" startIcon={<HistoryIcon />}>
        {HISTORY_HEADING}
      </Button>
    </Box>
  );
}
