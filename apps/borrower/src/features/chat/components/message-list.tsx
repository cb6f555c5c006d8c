import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ChatMessageItem } from '@prestamos-hn/contract';
import { formatClockTime } from '@prestamos-hn/domain';
import { format } from 'date-fns';
import { useEffect, useRef, type ReactNode } from 'react';
import type { PendingMessage } from '../utils/pending-queue';
import { dateLocale } from '../../../config/date-locale';

export const EMPTY_CHAT_TEXT = 'Escríbenos tu consulta y te responderemos por aquí.';
export const PENDING_TEXT = 'Pendiente de enviar';
export const SENDING_TEXT = 'Enviando…';

/** `23 de nov, 10:22 a. m.` in the device's time (Honduras for the borrowers). */
function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${format(date, "d 'de' MMM", { locale: dateLocale })}, ${formatClockTime(date.getHours() * 60 + date.getMinutes())}`;
}

interface BubbleProps {
  isMine: boolean;
  who: string;
  text: string;
  imageUrl: string | null;
  imageAlt: string;
  loanId: number | null | undefined;
  footer: ReactNode;
  onImageError?: () => void;
}

function Bubble({ isMine, who, text, imageUrl, imageAlt, loanId, footer, onImageError }: BubbleProps) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        alignSelf: isMine ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        display: 'grid',
        gap: 0.5,
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: isMine ? 'primary.dark' : 'grey.100',
        color: isMine ? 'common.white' : 'text.primary',
      }}
    >
      <Typography component="p" variant="caption" sx={{ fontWeight: 500 }}>
        {who}
      </Typography>
      {imageUrl && (
        <Box
          component="img"
          src={imageUrl}
          alt={imageAlt}
          loading="lazy"
          onError={onImageError}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1, bgcolor: 'grey.300' }}
        />
      )}
      {text && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      )}
      {loanId != null && (
        <Chip
          size="small"
          label={`Sobre el préstamo #${loanId}`}
          sx={{
            justifySelf: 'start',
            bgcolor: isMine ? 'common.white' : 'background.paper',
            color: 'text.primary',
          }}
        />
      )}
      <Typography
        component="p"
        variant="caption"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, justifyContent: 'flex-end' }}
      >
        {footer}
      </Typography>
    </Box>
  );
}

/**
 * The conversation, oldest first, then the messages still waiting to be sent. A log region (read out
 * politely as messages arrive) that scrolls to the newest message and can take the keyboard focus to
 * scroll.
 */
export function MessageList({
  messages,
  pending,
  sendingId,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  onDiscard,
  onImageError,
}: {
  messages: readonly ChatMessageItem[];
  pending: readonly PendingMessage[];
  sendingId: string | null;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  onDiscard: (clientId: string) => void;
  onImageError: () => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const storedIds = new Set(messages.map((m) => m.clientId).filter(Boolean));
  // A queued message the server has stored already (the live channel can be faster than the answer).
  const waiting = pending.filter((p) => !storedIds.has(p.clientId));
  const newestKey = `${messages.at(-1)?.id ?? 0}:${waiting.length}`;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestKey]);

  return (
    <Box
      role="log"
      aria-label="Mensajes del chat"
      tabIndex={0}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        p: 1.5,
        bgcolor: 'background.default',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
      }}
    >
      {hasOlder && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <Button size="small" onClick={onLoadOlder} disabled={isLoadingOlder}>
            {isLoadingOlder ? 'Cargando…' : 'Ver mensajes anteriores'}
          </Button>
        </Box>
      )}
      {messages.length === 0 && waiting.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', my: 3 }}>
          {EMPTY_CHAT_TEXT}
        </Typography>
      )}
      <Box component="ol" sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {messages.map((message) => {
          const isMine = message.author === 'borrower';
          const who = isMine ? 'Tú' : message.authorName ? `${message.authorName}, del equipo` : 'Equipo';
          return (
            <Bubble
              key={message.id}
              isMine={isMine}
              who={who}
              text={message.text}
              imageUrl={message.imageUrl}
              imageAlt={isMine ? 'Foto que enviaste' : `Foto enviada por ${who}`}
              loanId={message.loanId}
              onImageError={onImageError}
              footer={<time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>}
            />
          );
        })}
        {waiting.map((message) => (
          <Bubble
            key={message.clientId}
            isMine
            who="Tú"
            text={message.text}
            imageUrl={message.imageDataUrl ?? null}
            imageAlt="Foto por enviar"
            loanId={message.loanId}
            footer={
              message.error ? (
                <>
                  <ErrorOutlineIcon fontSize="inherit" aria-hidden />
                  <span>No se envió: {message.error}</span>
                  <Button
                    size="small"
                    onClick={() => onDiscard(message.clientId)}
                    sx={{ color: 'inherit', textDecoration: 'underline', minWidth: 0, p: 0, ml: 0.5 }}
                  >
                    Quitar
                  </Button>
                </>
              ) : (
                <>
                  <ScheduleIcon fontSize="inherit" aria-hidden />
                  <span>{message.clientId === sendingId ? SENDING_TEXT : PENDING_TEXT}</span>
                </>
              )
            }
          />
        ))}
      </Box>
      <div ref={end} />
    </Box>
  );
}
