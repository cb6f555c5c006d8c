import DeleteIcon from '@mui/icons-material/Delete';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { notificationBadgeLabel } from '@prestamos-hn/domain';
import { format } from 'date-fns';
import { useId, useState, type ReactNode } from 'react';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotificationCount } from '../api/get-notification-count';
import { useNotifications } from '../api/get-notifications';
import { dateLocale } from '../../../config/date-locale';

export const NOTIFICATIONS_TITLE = 'Notificaciones';
export const NO_NOTIFICATIONS_TEXT = 'No hay notificaciones por los momentos.';
export const NOTIFICATIONS_LOADING_TEXT = 'Cargando....';

function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : format(date, "d 'de' MMMM 'de' yyyy, h:mm a", { locale: dateLocale });
}

/** Something else that waits for the borrower under the bell (unread chat answers): its count and its line. */
export interface BellExtra {
  count: number;
  /** Shown above the latest notification while `count` > 0; `close` closes the popover. */
  render: (close: () => void) => ReactNode;
}

/**
 * The bell with its badge (at most 99+): the notifications plus `extra` (composed by the screen,
 * e.g. the chat's unread answers), and the popover with `extra`'s line and the latest notification.
 */
export function NotificationBell({ extra }: { extra?: BellExtra } = {}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const count = useNotificationCount();
  const isOpen = anchor !== null;
  const list = useNotifications({ enabled: isOpen });
  const remove = useDeleteNotification();
  const extraCount = extra?.count ?? 0;
  const total = (count.data ?? 0) + extraCount;
  const label = notificationBadgeLabel(total);
  const latest = list.data?.[0];

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={total > 0 ? `${NOTIFICATIONS_TITLE}: ${label}` : NOTIFICATIONS_TITLE}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={label} color="error" invisible={total === 0} aria-hidden>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={isOpen}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 320, maxWidth: 'calc(100vw - 16px)', p: 2 },
          },
        }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
          {NOTIFICATIONS_TITLE}
        </Typography>
        {extra && extraCount > 0 && extra.render(() => setAnchor(null))}
        {list.isPending || remove.isPending || (list.isFetching && !latest) ? (
          <Typography role="status" variant="body2">
            {NOTIFICATIONS_LOADING_TEXT}
          </Typography>
        ) : latest ? (
          <Box component="article" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography component="h3" variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {latest.NotTit}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {latest.NotDsc}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {formatNotificationDate(latest.NotFch)}
              </Typography>
            </Box>
            <IconButton
              aria-label="Eliminar notificación"
              edge="end"
              onClick={() => remove.mutate(latest.NotCod)}
              disabled={remove.isPending}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ) : (
          <Typography variant="body2">{NO_NOTIFICATIONS_TEXT}</Typography>
        )}
      </Popover>
    </>
  );
}
