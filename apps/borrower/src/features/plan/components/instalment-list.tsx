import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  instalmentDueCents,
  instalmentPositionLabel,
  instalmentStatusLabel,
  isInstalmentPaid,
  lateFeeLine,
  type Instalment,
} from '@prestamos-hn/domain';
import { NO_INSTALMENTS_TEXT } from '../utils/plan-texts';
import { formatCalendarDate, formatCentsAsLempiras } from '../utils/plan-view';

/**
 * The instalments: 'Pago i/total', the due date, the status and the amount due, and for one charged
 * a late fee that fee on its own line ('Recargo por mora: L 100.00', issue 35); or 'No tienes lista
 * de pagos'.
 */
export function InstalmentList({ schedule }: { schedule: readonly Instalment[] }) {
  if (schedule.length === 0) return <Typography>{NO_INSTALMENTS_TEXT}</Typography>;
  const total = schedule.length;
  return (
    <List disablePadding aria-label="Cuotas" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {schedule.map((item, index) => (
        <ListItem
          key={item.id}
          divider={index < total - 1}
          sx={{
            gap: 2,
            alignItems: 'flex-start',
            bgcolor: isInstalmentPaid(item.status) ? 'action.hover' : undefined,
          }}
        >
          <ListItemText
            primary={instalmentPositionLabel(item.position, total)}
            secondary={
              <>
                {`${formatCalendarDate(item.dueDate)} · ${instalmentStatusLabel(item.status)}`}
                {lateFeeLine(item) && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'error.dark' }}>
                    {lateFeeLine(item)}
                  </Typography>
                )}
              </>
            }
            slotProps={{ primary: { sx: { fontWeight: 500 } } }}
          />
          <Typography sx={{ fontWeight: 500, whiteSpace: 'nowrap', pt: 0.75 }}>
            {formatCentsAsLempiras(instalmentDueCents(item))}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
