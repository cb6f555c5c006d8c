import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ChatMessageItem } from '@prestamos-hn/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useBorrowerLoans } from '../api/get-borrower-loans';
import {
  addChatMessages,
  loadOlderChatMessages,
  refreshChatMessages,
  useChatMessages,
  type ChatView,
} from '../api/get-chat-messages';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useChatLive } from '../hooks/use-chat-live';
import { useNow } from '../../../hooks/use-now';
import { queryKeys } from '../../../lib/query-keys';
import { usePendingMessages } from '../hooks/use-pending-messages';
import { blobToDataUrl } from '../utils/data-url';
import { hasAnswerAfter, lastMessageId } from '../utils/merge-messages';
import { newClientId } from '../utils/pending-queue';
import { ChatComposer, type ChatDraft } from './chat-composer';
import { MessageList } from './message-list';
import { isOfficeDataStale, OfficeHoursNotice } from './office-hours-notice';

export const CHAT_TITLE = 'Chat de ayuda';
export const LIVE_TEXT = 'En línea';
export const CONNECTING_TEXT = 'Conectando…';
export const POLLING_TEXT = 'Actualizando cada pocos segundos';
export const LOAD_ERROR_TEXT = 'No pudimos cargar el chat. Revisa tu conexión; lo intentaremos de nuevo.';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a connection. */
function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is in view (an answer in a hidden tab is not read yet). */
function useIsPageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden');
}

/** After a broken photo link, the conversation is read again at most this often (links last 15 minutes). */
const PHOTO_REFRESH_MIN_MS = 30_000;

/**
 * The help chat: full screen on phones, a panel at the right on wider screens (a modal dialog in both,
 * so the keyboard stays inside and Escape closes it). The conversation arrives live (server-sent
 * events), or every few seconds when that fails; what the borrower writes is queued on the device and
 * sent in order, also after a time without connection; answers seen are marked read.
 */
export function ChatPanel({ owner, onClose }: { owner: string | null; onClose: () => void }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const queryClient = useQueryClient();
  // Every minute: the office hours notice moves from closed to open.
  const now = useNow(60_000);
  const isOnline = useIsOnline();
  const isVisible = useIsPageVisible();
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);

  const [isLiveEnabled, setIsLiveEnabled] = useState(false);
  const onLiveMessage = useCallback(
    (message: ChatMessageItem) => addChatMessages(queryClient, [message]),
    [queryClient],
  );
  const getAfter = useCallback(
    () => lastMessageId(queryClient.getQueryData<ChatView>(queryKeys.chatMessages)?.messages ?? []) ?? 0,
    [queryClient],
  );
  const live = useChatLive({ enabled: isLiveEnabled, getAfter, onMessage: onLiveMessage });
  const chat = useChatMessages({ poll: live !== 'live' });
  const loans = useBorrowerLoans();
  const outgoing = usePendingMessages({ owner, onSent: onLiveMessage });
  const markRead = useMarkChatRead();

  // The live channel opens once the conversation is loaded (it then sends only what comes after).
  const isLoaded = chat.data !== undefined;
  useEffect(() => {
    if (isLoaded) setIsLiveEnabled(true);
  }, [isLoaded]);

  // Answers on screen are read: move the marker once per new answer.
  const markedUpTo = useRef(0);
  const messages = chat.data?.messages;
  const { mutate: markUpTo } = markRead;
  useEffect(() => {
    if (!messages || !isVisible) return;
    const newest = lastMessageId(messages);
    if (newest === undefined || !hasAnswerAfter(messages, markedUpTo.current)) return;
    markedUpTo.current = newest;
    markUpTo(newest);
  }, [messages, isVisible, markUpTo]);

  // The office data says when it changes; read it again then.
  const office = chat.data?.office;
  const { refetch } = chat;
  const isStale = office !== undefined && isOfficeDataStale(office, now);
  useEffect(() => {
    if (isStale) void refetch();
  }, [isStale, refetch]);

  const lastPhotoRefresh = useRef(0);
  const onImageError = useCallback(() => {
    if (Date.now() - lastPhotoRefresh.current < PHOTO_REFRESH_MIN_MS) return;
    lastPhotoRefresh.current = Date.now();
    void refreshChatMessages(queryClient).catch(() => undefined);
  }, [queryClient]);

  const { queue } = outgoing;
  const send = useCallback(
    async (draft: ChatDraft) => {
      queue({
        clientId: newClientId(),
        text: draft.text,
        ...(draft.loanId !== undefined ? { loanId: draft.loanId } : {}),
        ...(draft.image ? { imageDataUrl: await blobToDataUrl(draft.image) } : {}),
        createdAt: new Date().toISOString(),
      });
    },
    [queue],
  );

  const statusText = live === 'live' ? LIVE_TEXT : live === 'connecting' ? CONNECTING_TEXT : POLLING_TEXT;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={isPhone}
      aria-labelledby={titleId}
      slotProps={{
        container: { sx: isPhone ? {} : { justifyContent: 'flex-end', alignItems: 'stretch' } },
        paper: {
          sx: isPhone
            ? { display: 'flex', flexDirection: 'column' }
            : {
                m: 0,
                width: 420,
                maxWidth: '100%',
                height: '100%',
                maxHeight: '100%',
                borderRadius: 0,
                display: 'flex',
                flexDirection: 'column',
              },
        },
      }}
    >
      <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 500 }} noWrap>
              {CHAT_TITLE}
            </Typography>
            <Typography component="p" variant="caption" noWrap>
              {statusText}
            </Typography>
          </Box>
          <IconButton color="inherit" edge="end" aria-label="Cerrar chat" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      {office && <OfficeHoursNotice office={office} now={now} />}
      {chat.data || chat.isError ? (
        <>
          {!chat.data && (
            <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
              {LOAD_ERROR_TEXT}
            </Alert>
          )}
          <MessageList
            messages={chat.data?.messages ?? []}
            pending={outgoing.pending}
            sendingId={outgoing.sendingId}
            hasOlder={chat.data?.hasOlder ?? false}
            isLoadingOlder={isLoadingOlder}
            onLoadOlder={() => {
              setIsLoadingOlder(true);
              void loadOlderChatMessages(queryClient)
                .catch(() => undefined)
                .finally(() => setIsLoadingOlder(false));
            }}
            onDiscard={outgoing.discard}
            onImageError={onImageError}
          />
        </>
      ) : (
        <Box
          role="status"
          sx={{ flex: 1, display: 'grid', placeContent: 'center', justifyItems: 'center', gap: 1 }}
        >
          <CircularProgress disableShrink aria-hidden size={28} />
          <Typography variant="body2">Cargando…</Typography>
        </Box>
      )}
      <ChatComposer loans={loans.data ?? []} isOnline={isOnline} onSend={send} />
    </Dialog>
  );
}
