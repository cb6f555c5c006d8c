import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChatIcon from '@mui/icons-material/Chat';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import HistoryIcon from '@mui/icons-material/History';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ApplyTileView } from '../utils/apply-tile';
import { HomeTile } from './home-tile';

export const APPLY_STATUS_ID = 'apply-tile-status';
export const CHECKING_LOCATION_TEXT = 'Verificando tu ubicación…';

/** The Chat tile's count, read out after its name. */
export function chatUnreadLabel(count: number): string {
  return count === 1 ? '1 respuesta sin leer' : `${count} respuestas sin leer`;
}

/**
 * Inicio's tiles: Perfil, Aplicar (SPEC section 4), Plan, Historial, Chat (opens the help chat, with
 * the count of answers not read yet) and Referir (always disabled).
 */
export function HomeTiles({
  apply,
  onApply,
  chatUnread = 0,
}: {
  apply: ApplyTileView | null;
  onApply: () => void;
  chatUnread?: number;
}) {
  const isApplyEnabled = apply?.state === 'enabled';
  const applyStatus =
    apply?.state === 'disabled'
      ? apply.message
      : apply?.state === 'checkingLocation'
        ? CHECKING_LOCATION_TEXT
        : null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        component="nav"
        aria-label="Opciones"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5 }}
      >
        <HomeTile label="Perfil" caption="Tus datos y documentos" icon={<AccountCircleIcon />} to="/perfil" />
        <HomeTile
          label="Aplicar"
          caption="Solicita tu préstamo"
          icon={<RequestQuoteIcon />}
          onClick={onApply}
          disabled={!isApplyEnabled}
          describedBy={applyStatus ? APPLY_STATUS_ID : undefined}
        />
        <HomeTile label="Plan" caption="Tu calendario de pagos" icon={<CalendarMonthIcon />} to="/plan" />
        <HomeTile
          label="Historial"
          caption="Tu registro de actividad"
          icon={<HistoryIcon />}
          to="/historial"
        />
        <HomeTile
          label="Chat"
          caption="Ayuda en línea"
          icon={<ChatIcon />}
          to="/chat"
          badge={{ count: chatUnread, label: chatUnreadLabel(chatUnread) }}
        />
        <HomeTile label="Referir" caption="Invita y gana recompensas" icon={<GroupAddIcon />} disabled />
      </Box>
      {applyStatus && (
        <Alert
          id={APPLY_STATUS_ID}
          severity={apply?.state === 'checkingLocation' ? 'info' : 'warning'}
          role="status"
        >
          {applyStatus}
        </Alert>
      )}
    </Box>
  );
}
