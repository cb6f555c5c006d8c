import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { notificationBadgeLabel } from '@prestamos-hn/domain';
import { lazy, Suspense } from 'react';
import { useDialogMadeOnOpen } from '../../../hooks/use-dialog-made-on-open';
import { useNotificationCount } from '../api/get-notification-count';

const TITLE = 'Notificaciones';

/** The list downloads when the borrower points at the bell, not with Inicio's first load. */
const loadListDialog = () => import('./notification-list-dialog');
const NotificationListDialog = lazy(() =>
  loadListDialog().then((m) => ({ default: m.NotificationListDialog })),
);
const preload = () => void loadListDialog().catch(() => {});

/**
 * The bell with its badge (at most 99+), which opens the list of every notification. Unread chat
 * answers are not here: they are counted on Inicio's Chat tile.
 */
export function NotificationBell() {
  const count = useNotificationCount();
  const dialog = useDialogMadeOnOpen();
  const total = count.data ?? 0;
  const label = notificationBadgeLabel(total);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={total > 0 ? `${TITLE}: ${label}` : TITLE}
        aria-haspopup="dialog"
        aria-expanded={dialog.isOpen}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={dialog.open}
      >
        <Badge badgeContent={label} color="error" invisible={total === 0} aria-hidden>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {dialog.isMade && (
        <Suspense fallback={null}>
          <NotificationListDialog open={dialog.isOpen} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
