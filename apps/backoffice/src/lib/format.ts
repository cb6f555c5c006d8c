import { AUDIT_ACTION_LABELS, labelOr, lempirasText } from '@prestamos-hn/domain';

const dateTime = new Intl.DateTimeFormat('es-HN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Tegucigalpa',
});

/** An instant as staff read it: Honduras time (UTC-6), dd/mm/aaaa and hour ('22/11/2026, 10:00 a. m.'). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** A business date (YYYY-MM-DD) as staff read it: dd/mm/aaaa ('—' for none); any other text as it is. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** A wait in minutes as '45 min', '3 h 5 min' or '2 d 4 h'. */
export function formatWaiting(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const ACTOR_LABELS: Record<string, string> = { borrower: 'Cliente', staff: 'Personal', system: 'Sistema' };

/** Who did an audited action: a staff member's name when known, else 'Cliente #12', 'Personal #3', 'Sistema'. */
export function formatActor(
  type: string,
  id: number | string | null | undefined,
  name?: string | null,
): string {
  if (name) return name;
  return `${labelOr(ACTOR_LABELS, type, type)}${id ? ` #${id}` : ''}`;
}

const SESSION_STATE_LABELS: Record<string, string> = {
  pending_code: 'Esperando código',
  active: 'Activa',
};

const SESSION_END_LABELS: Record<string, string> = {
  logout: 'cerró sesión',
  expired: 'expiró',
  password_change: 'cambio de contraseña',
  password_recovered: 'contraseña recuperada',
};

/** A borrower session's state as staff read it: 'Activa', 'Esperando código' or how it ended. */
export function formatSessionState(session: {
  state: string;
  endedAt: string | null;
  endReason: string | null;
}): string {
  if (session.endedAt) {
    const reason = session.endReason ? labelOr(SESSION_END_LABELS, session.endReason, session.endReason) : '';
    return reason ? `Terminada (${reason})` : 'Terminada';
  }
  return labelOr(SESSION_STATE_LABELS, session.state, session.state);
}

/** The audit list's action filter: every action with a fixed code, by its Spanish name. */
export const AUDIT_ACTION_CHOICES = Object.entries(AUDIT_ACTION_LABELS).map(([id, name]) => ({ id, name }));

/** Centavos as staff read them: 'L 1,234.50' ('—' for none), never broken between the L and the number. */
export function formatLempiras(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '—' : lempirasText(cents).replace(' ', '\u00a0');
}

/** Centavos as an amount field holds them: '1234.50' (no thousands separator), exact. */
export function centsToAmountText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
