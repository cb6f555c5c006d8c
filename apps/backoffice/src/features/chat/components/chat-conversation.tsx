import { CHAT_STATE_LABELS } from '@prestamos-hn/contract';
import { can, formatCents } from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Loading, useGetIdentity, useNotify, usePermissions, useShowContext } from 'react-admin';
import { FilePage } from '../../../components/file-section';
import { StatusChip, type ChipTone } from '../../../components/status-chip';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAnswerChat } from '../api/answer-chat';
import { useAssignChat } from '../api/assign-chat';
import { useCloseChat } from '../api/close-chat';
import type { ChatMessage, ChatRecord } from '../api/get-chat';
import { useChatAssignees } from '../api/list-chat-assignees';
import { refreshInbox } from '../api/refresh-inbox';
import { useInboxLive } from '../hooks/use-inbox-live';
import { LiveStatus } from './live-status';

const PROFILE_TONES: Record<ChatRecord['borrower']['profileState'], ChipTone> = {
  incompleto: 'neutral',
  en_revision: 'warning',
  aprobado: 'success',
  devuelto: 'error',
};

const RECEIPT_TONES: Record<string, ChipTone> = {
  pending: 'warning',
  validated: 'success',
  rejected: 'error',
};

const lempiras = (cents: number) => `L ${formatCents(cents)}`;

/** One message: who wrote it and when, its text, its photo (served like the documents) and what it is about. */
function MessageItem({ message }: { message: ChatMessage }) {
  const isStaff = message.author === 'staff';
  return (
    <Box
      component="li"
      sx={{
        alignSelf: isStaff ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        bgcolor: isStaff ? '#e3f2fd' : 'grey.100',
        borderRadius: 2,
        p: 1.5,
      }}
    >
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {isStaff ? (message.authorName ?? 'Personal') : 'Cliente'} · {formatDateTime(message.createdAt)}
      </Typography>
      {message.text && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Typography>
      )}
      {message.image && (
        <a href={message.image.url} target="_blank" rel="noreferrer">
          <Box
            component="img"
            src={message.image.url}
            alt={isStaff ? 'Foto enviada por el personal' : 'Foto enviada por el cliente'}
            sx={{ display: 'block', maxWidth: 240, maxHeight: 240, mt: 1, borderRadius: 1 }}
          />
        </a>
      )}
      {(message.loanId !== null || message.receiptId !== null) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {message.loanId !== null && (
            <StatusChip tone="neutral" label={`Sobre el préstamo #${message.loanId}`} />
          )}
          {message.receiptId !== null && (
            <StatusChip tone="neutral" label={`Sobre el comprobante #${message.receiptId}`} />
          )}
        </Stack>
      )}
    </Box>
  );
}

/** The answer box: a labelled text field and 'Enviar'; a retry of the same answer is stored once. */
function AnswerForm({ conversationId, onSent }: { conversationId: number; onSent: () => void }) {
  const answerChat = useAnswerChat();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const clientId = useRef(crypto.randomUUID());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || isSending) return;
    setSending(true);
    try {
      await answerChat(conversationId, { text, clientId: clientId.current });
      setText('');
      clientId.current = crypto.randomUUID();
      onSent();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'No se pudo enviar la respuesta.', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}>
      <TextField
        id="chat-answer"
        label="Respuesta"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        onKeyDown={(event) => {
          // Ctrl+Enter sends; Enter alone makes a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
      />
      <Button type="submit" variant="contained" disabled={isSending || text.trim() === ''}>
        Enviar
      </Button>
    </Box>
  );
}

/** Assign to me, to someone (a select of the staff) or to nobody, and close: for support and admins. */
function ConversationActions({ record, onChanged }: { record: ChatRecord; onChanged: () => void }) {
  const { permissions: role } = usePermissions<string>();
  const { data: identity } = useGetIdentity();
  const canAssign = can(role, 'chat.any');
  const assignees = useChatAssignees(canAssign);
  const assignChat = useAssignChat();
  const closeChat = useCloseChat();
  const notify = useNotify();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'info' });
      onChanged();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'No se pudo completar la acción.', { type: 'error' });
    }
  };
  const isMine = identity !== undefined && record.assignee?.id === identity.id;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
      {canAssign && (
        <>
          <Button
            variant="outlined"
            disabled={isMine}
            onClick={() => void run(() => assignChat(record.id, 'me'), 'La conversación es tuya.')}
          >
            Asignarme
          </Button>
          <TextField
            select
            size="small"
            id="chat-assignee"
            label="Asignar a"
            value={record.assignee ? String(record.assignee.id) : 'none'}
            onChange={(event) => {
              const value = event.target.value;
              void run(
                () => assignChat(record.id, value === 'none' ? null : Number(value)),
                'Asignación guardada.',
              );
            }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="none">Sin asignar</MenuItem>
            {(assignees.data ?? []).map((member) => (
              <MenuItem key={member.id} value={String(member.id)}>
                {member.name} ({member.roleLabel})
              </MenuItem>
            ))}
            {record.assignee && !(assignees.data ?? []).some((m) => m.id === record.assignee?.id) && (
              <MenuItem value={String(record.assignee.id)}>{record.assignee.name}</MenuItem>
            )}
          </TextField>
        </>
      )}
      {record.state === 'open' && (
        <Button
          color="inherit"
          variant="outlined"
          onClick={() => void run(() => closeChat(record.id), 'Conversación cerrada.')}
        >
          Cerrar conversación
        </Button>
      )}
    </Stack>
  );
}

/** Beside the conversation: the borrower's profile state, loans and receipts, and the way to their file. */
function BorrowerPanel({ record }: { record: ChatRecord }) {
  const b = record.borrower;
  return (
    <Card component="aside" aria-labelledby="chat-borrower-title" variant="outlined">
      <CardContent>
        <Typography id="chat-borrower-title" variant="h6" component="h2">
          {b.name}
        </Typography>
        <Typography variant="body2">Identidad: {b.personCode}</Typography>
        <Typography variant="body2">Teléfono: {b.mobPhone}</Typography>
        <Box sx={{ my: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2">Perfil:</Typography>
          <StatusChip tone={PROFILE_TONES[b.profileState]} label={b.profileStateLabel} />
        </Box>
        <Link to={`/borrowers/${b.id}/show`}>Ver expediente del cliente</Link>

        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Préstamos
        </Typography>
        {record.loans.length === 0 ? (
          <Typography variant="body2">Sin préstamos.</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
            {record.loans.map((loan) => (
              <li key={loan.id}>
                <Typography variant="body2">
                  #{loan.id} · {loan.statusLabel} · {lempiras(loan.amountCents)}
                  {loan.disbursedOn
                    ? ` · desembolsado el ${formatDate(loan.disbursedOn)}`
                    : ` · solicitado el ${formatDate(loan.requestedOn)}`}
                </Typography>
              </li>
            ))}
          </Box>
        )}

        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Comprobantes
        </Typography>
        {record.receipts.length === 0 ? (
          <Typography variant="body2">Sin comprobantes.</Typography>
        ) : (
          <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
            {record.receipts.map((receipt) => (
              <li key={receipt.id}>
                <Typography variant="body2" component="span">
                  #{receipt.id} · Ref. {receipt.reference} ·{' '}
                  {receipt.creditedAmountCents === null
                    ? `${lempiras(receipt.declaredAmountCents)} declarado`
                    : `${lempiras(receipt.creditedAmountCents)} acreditado`}{' '}
                  ·{' '}
                </Typography>
                <StatusChip tone={RECEIPT_TONES[receipt.state] ?? 'neutral'} label={receipt.stateLabel} />
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function ConversationScreen() {
  const { record, refetch } = useShowContext<ChatRecord>();
  const queryClient = useQueryClient();
  const reload = () => {
    void refetch();
    void refreshInbox(queryClient);
  };
  const isLive = useInboxLive((change) => {
    if (change === null || change.conversationId === record?.id) void refetch();
  });
  // Opening the conversation read it: the inbox's counts change.
  const recordId = record?.id;
  useEffect(() => {
    if (recordId !== undefined) void refreshInbox(queryClient);
  }, [recordId, queryClient]);
  const log = useRef<HTMLDivElement>(null);
  const newest = record?.messages?.at(-1)?.id;
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);

  // Until the conversation arrives, react-admin may hand over the inbox's row: wait for it.
  if (!record?.messages) return <Loading loadingPrimary="Cargando la conversación" loadingSecondary="" />;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, p: { xs: 1, sm: 2 } }}
    >
      <Card component="section" aria-labelledby="chat-title" variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography id="chat-title" variant="h5" component="h1">
              Conversación con {record.borrower.name}
            </Typography>
            <StatusChip
              tone={record.state === 'open' ? 'success' : 'neutral'}
              label={CHAT_STATE_LABELS[record.state]}
            />
            <LiveStatus isLive={isLive} />
          </Stack>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Asignada a: {record.assignee?.name ?? 'nadie'}
          </Typography>
          <ConversationActions record={record} onChanged={reload} />
          <Box
            ref={log}
            role="log"
            aria-label="Mensajes"
            aria-live="polite"
            tabIndex={0}
            sx={{
              mt: 2,
              maxHeight: '55vh',
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {record.hasOlder && (
              <Typography variant="caption" component="p" sx={{ textAlign: 'center', mt: 1 }}>
                Se muestran los últimos 50 mensajes.
              </Typography>
            )}
            <Box
              component="ol"
              sx={{ listStyle: 'none', p: 1, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
            >
              {record.messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </Box>
          </Box>
          <AnswerForm conversationId={record.id} onSent={reload} />
        </CardContent>
      </Card>
      <BorrowerPanel record={record} />
    </Box>
  );
}

/** One conversation: its messages live, the answer box, assignment and closing, the borrower beside it. */
export function ChatConversationShow() {
  return (
    <FilePage title="Conversación">
      <ConversationScreen />
    </FilePage>
  );
}
