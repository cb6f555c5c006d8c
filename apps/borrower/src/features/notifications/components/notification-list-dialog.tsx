import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useEffect, useId, useRef } from 'react';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { visuallyHidden } from '../../../components/visually-hidden';
import { dateLocale } from '../../../config/date-locale';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useReadNotifications } from '../api/read-notifications';

export const NOTIFICATIONS_TITLE = 'Notificaciones';
export const NO_NOTIFICATIONS_TEXT = 'No hay notificaciones por los momentos.';
export const NOTIFICATIONS_LOADING_TEXT = 'Cargando....';
export const DELETE_NOTIFICATION_LABEL = 'Eliminar notificación';
/** Said by screen readers before an unread notification's title (shown in bold). */
export const UNREAD_NOTIFICATION_TEXT = 'No leída';

function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : format(date, "d 'de' MMMM 'de' yyyy, h:mm a", { locale: dateLocale });
}

/**
 * What the bell opens (full screen on a phone): every notification, newest first, each with its date
 * and a delete button; read from the server each time it opens. Once the list has loaded, the ones it
 * shows are marked read (issue 35: the badge counts unread ones only); they stay in bold until the
 * list is read again.
 */
export function NotificationListDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const list = useNotifications({ enabled: open });
  const remove = useDeleteNotification();
  const markRead = useReadNotifications().mutate;
  const items = list.data ?? [];
  // The newest shown that is still unread; the server marks everything up to it. A server without
  // the flag (the SPEC's) has nothing to mark.
  const newestUnread = items.reduce((max, item) => (item.NotLei === 0 ? Math.max(max, item.NotCod) : max), 0);
  const markedUpTo = useRef(0);
  const showing = open && list.isSuccess && !list.isFetching;
  useEffect(() => {
    if (!showing || newestUnread <= markedUpTo.current) return;
    markedUpTo.current = newestUnread;
    markRead(newestUnread);
  }, [showing, newestUnread, markRead]);
  return (
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle
        id={titleId}
        component="h2"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        {NOTIFICATIONS_TITLE}
        <IconButton aria-label="Cerrar" edge="end" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {list.isPending && items.length === 0 ? (
          <Typography role="status" variant="body2">
            {NOTIFICATIONS_LOADING_TEXT}
          </Typography>
        ) : items.length > 0 ? (
          <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <Box
                component="li"
                key={item.NotCod}
                sx={{
                  display: 'flex',
                  gap: 1,
                  alignItems: 'flex-start',
                  py: 1.5,
                  '& + &': { borderTop: 1, borderColor: 'divider' },
                }}
              >
                <Box component="article" sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    component="h3"
                    variant="body1"
                    sx={{ fontWeight: item.NotLei === 0 ? 700 : 500, overflowWrap: 'anywhere' }}
                  >
                    {item.NotLei === 0 && (
                      <span style={visuallyHidden}>{`${UNREAD_NOTIFICATION_TEXT}: `}</span>
                    )}
                    {item.NotTit}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {item.NotDsc}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    <time dateTime={item.NotFch}>{formatNotificationDate(item.NotFch)}</time>
                  </Typography>
                </Box>
                <IconButton
                  aria-label={DELETE_NOTIFICATION_LABEL}
                  edge="end"
                  onClick={() => remove.mutate(item.NotCod)}
                  disabled={remove.isPending && remove.variables === item.NotCod}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
        ) : list.isError ? (
          <Typography role="alert" variant="body2" color="error">
            {list.error.message}
          </Typography>
        ) : (
          <Typography variant="body2">{NO_NOTIFICATIONS_TEXT}</Typography>
        )}
      </DialogContent>
    </ResponsiveDialog>
  );
}
