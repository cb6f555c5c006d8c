import Alert from '@mui/material/Alert';
import type { ChatOffice } from '@prestamos-hn/contract';
import { chatAvailabilityText } from '@prestamos-hn/domain';

export const CLOSED_WITHOUT_OPENING_TEXT =
  'Estamos fuera de horario. Puedes escribirnos y te responderemos en cuanto volvamos.';

/** Whether the office data read earlier is out of date at `now` (it opened or closed since). */
export function isOfficeDataStale(office: ChatOffice, now: Date): boolean {
  const edge = office.open ? office.closesAt : office.nextOpening;
  return edge !== null && new Date(edge).getTime() <= now.getTime();
}

/**
 * The office hours, and what they mean now: someone is answering, or (outside them) when an answer
 * can be expected.
 */
export function OfficeHoursNotice({ office, now }: { office: ChatOffice; now: Date }) {
  const stale = isOfficeDataStale(office, now);
  // Until the next read: past the closing it is closed, past the opening it is open.
  const isOpen = stale ? !office.open : office.open;
  const availability = isOpen
    ? chatAvailabilityText(null, now)
    : !stale && office.nextOpening
      ? chatAvailabilityText(new Date(office.nextOpening), now)
      : CLOSED_WITHOUT_OPENING_TEXT;
  return (
    <Alert severity={isOpen ? 'success' : 'info'} role="status" sx={{ borderRadius: 0, py: 0.25 }}>
      <strong>Horario de atención:</strong> {office.hours}
      {office.hours.endsWith('.') ? '' : '.'} {availability}
    </Alert>
  );
}
