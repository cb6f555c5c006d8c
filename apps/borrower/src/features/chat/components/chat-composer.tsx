import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { chatMessages } from '@prestamos-hn/contract';
import { CHAT_MESSAGE_MAX_LENGTH } from '@prestamos-hn/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { prepareImageForUpload } from '../../../lib/scale-image';
import type { LoanOption } from '../api/get-borrower-loans';

export const MESSAGE_LABEL = 'Escribe tu mensaje';
export const ATTACH_LABEL = 'Adjuntar foto';
export const SEND_LABEL = 'Enviar mensaje';
export const LOAN_LABEL = '¿Sobre qué préstamo? (opcional)';
export const OFFLINE_TEXT = 'Estás sin conexión. Tus mensajes se enviarán cuando vuelvas a estar en línea.';
const NO_LOAN = '';

/** What the composer hands over: the text, maybe a photo (scaled already) and a loan. */
export interface ChatDraft {
  text: string;
  image: Blob | null;
  loanId: number | undefined;
}

/**
 * The box at the bottom of the chat: the loan the message is about (when the borrower has loans),
 * a photo (scaled in the browser before it is queued), the text (Enter sends, Shift+Enter adds a
 * line) and 'Enviar'. Sending works offline too: the message waits in the queue.
 */
export function ChatComposer({
  loans,
  isOnline,
  onSend,
}: {
  loans: readonly LoanOption[];
  isOnline: boolean;
  onSend: (draft: ChatDraft) => Promise<void>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const offlineId = useId();
  const [text, setText] = useState('');
  const [image, setImage] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [loanId, setLoanId] = useState(NO_LOAN);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!image) return;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [image]);

  const trimmed = text.trim();
  const canSend = !isBusy && (trimmed !== '' || image !== null) && trimmed.length <= CHAT_MESSAGE_MAX_LENGTH;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError(chatMessages.notAnImage);
      return;
    }
    setIsBusy(true);
    try {
      setImage(await prepareImageForUpload(file));
    } finally {
      setIsBusy(false);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setIsBusy(true);
    try {
      await onSend({ text: trimmed, image, loanId: loanId === NO_LOAN ? undefined : Number(loanId) });
      setText('');
      setImage(null);
      setLoanId(NO_LOAN);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      aria-describedby={isOnline ? undefined : offlineId}
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        p: 1,
        display: 'grid',
        gap: 1,
        bgcolor: 'background.paper',
      }}
    >
      {!isOnline && (
        <Typography id={offlineId} role="status" variant="caption" sx={{ color: 'text.secondary' }}>
          {OFFLINE_TEXT}
        </Typography>
      )}
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {loans.length > 0 && (
        <TextField
          select
          size="small"
          label={LOAN_LABEL}
          value={loanId}
          onChange={(event) => setLoanId(event.target.value)}
        >
          <MenuItem value={NO_LOAN}>Ninguno en particular</MenuItem>
          {loans.map((loan) => (
            <MenuItem key={loan.id} value={String(loan.id)}>
              {loan.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {preview && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="img"
            src={preview}
            alt="Foto adjunta"
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
          />
          <Typography variant="body2" sx={{ flex: 1 }}>
            Foto lista para enviar
          </Typography>
          <IconButton aria-label="Quitar foto" onClick={() => setImage(null)} size="small">
            <CloseIcon />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <IconButton
          aria-label={ATTACH_LABEL}
          onClick={() => fileInput.current?.click()}
          disabled={isBusy}
          color="primary"
        >
          <AddPhotoAlternateIcon />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          tabIndex={-1}
          aria-hidden
          data-testid="chat-photo-input"
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <TextField
          label={MESSAGE_LABEL}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
          multiline
          maxRows={4}
          size="small"
          fullWidth
          error={trimmed.length > CHAT_MESSAGE_MAX_LENGTH}
          helperText={trimmed.length > CHAT_MESSAGE_MAX_LENGTH ? chatMessages.textTooLong : undefined}
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH + 100 } }}
        />
        <IconButton type="submit" aria-label={SEND_LABEL} color="primary" disabled={!canSend}>
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
