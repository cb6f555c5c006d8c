import { CHAT_STATE_LABELS } from '@prestamos-hn/contract';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { Datagrid, FunctionField, Link, List, SelectInput } from 'react-admin';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';
import { useChatUnread } from '../api/get-chat-unread';
import type { ChatRow } from '../api/list-chats';
import { refreshInbox } from '../api/refresh-inbox';
import { useInboxLive } from '../hooks/use-inbox-live';
import { LiveStatus } from './live-status';

const filters = [
  <SelectInput
    key="state"
    source="state"
    label="Estado"
    alwaysOn
    emptyText="Todas"
    choices={[
      { id: 'open', name: 'Abiertas' },
      { id: 'closed', name: 'Cerradas' },
    ]}
  />,
  <SelectInput
    key="assignee"
    source="assignee"
    label="Asignadas a"
    alwaysOn
    emptyText="Todas"
    choices={[
      { id: 'me', name: 'Mías' },
      { id: 'none', name: 'Sin asignar' },
    ]}
  />,
];

/** The last message in one line: who wrote it and its text (or that it is a photo). */
function lastMessageText(row: ChatRow): string {
  const last = row.lastMessage;
  if (!last) return '';
  const who = last.author === 'staff' ? 'Personal' : 'Cliente';
  const text = last.text || (last.hasImage ? '(foto)' : '');
  return `${who}: ${last.hasImage && last.text ? `(foto) ${text}` : text}`;
}

/** "Tienes 3 mensajes sin leer en 2 conversaciones." */
function UnreadSummary() {
  const { data } = useChatUnread();
  if (!data) return null;
  const text =
    data.messages === 0
      ? 'No tienes mensajes sin leer.'
      : `Tienes ${data.messages} ${data.messages === 1 ? 'mensaje' : 'mensajes'} sin leer en ${
          data.conversations
        } ${data.conversations === 1 ? 'conversación' : 'conversaciones'}.`;
  return <Typography data-testid="chat-unread-summary">{text}</Typography>;
}

/**
 * The help chat's inbox: the conversations the staff member may see, latest message first, by state
 * (open by default) and assignee, each with its unread count. New messages arrive live (or every
 * 10 s while the live channel is down).
 */
export function ChatInbox() {
  const queryClient = useQueryClient();
  const isLive = useInboxLive(() => void refreshInbox(queryClient));
  return (
    <List
      title="Conversaciones"
      exporter={false}
      perPage={25}
      filters={filters}
      filterDefaultValues={{ state: 'open' }}
      actions={false}
      empty={false}
    >
      <Typography
        component="div"
        sx={{ display: 'flex', gap: 2, alignItems: 'center', px: 2, py: 1, flexWrap: 'wrap' }}
      >
        <UnreadSummary />
        <LiveStatus isLive={isLive} />
      </Typography>
      <Datagrid
        rowClick="show"
        bulkActionButtons={false}
        empty={<p style={{ padding: 16 }}>No hay conversaciones con estos filtros.</p>}
      >
        <FunctionField<ChatRow>
          label="Cliente"
          render={(row) => (
            <Link to={`/chats/${row.id}/show`} onClick={(event: MouseEvent) => event.stopPropagation()}>
              {row.borrower.name}
            </Link>
          )}
        />
        <FunctionField<ChatRow> label="Identidad" render={(row) => row.borrower.personCode} />
        <FunctionField<ChatRow>
          label="Último mensaje"
          render={(row) => (
            <Typography
              variant="body2"
              sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {lastMessageText(row)}
            </Typography>
          )}
        />
        <FunctionField<ChatRow>
          label="Sin leer"
          render={(row) =>
            row.unread > 0 ? (
              <StatusChip tone="warning" label={`${row.unread} sin leer`} />
            ) : (
              <Typography variant="body2">—</Typography>
            )
          }
        />
        <FunctionField<ChatRow> label="Asignada a" render={(row) => row.assignee?.name ?? 'Sin asignar'} />
        <FunctionField<ChatRow>
          label="Estado"
          render={(row) => (
            <StatusChip
              tone={row.state === 'open' ? 'success' : 'neutral'}
              label={CHAT_STATE_LABELS[row.state]}
            />
          )}
        />
        <FunctionField<ChatRow>
          label="Última actividad"
          render={(row) => formatDateTime(row.lastMessageAt)}
        />
      </Datagrid>
    </List>
  );
}
