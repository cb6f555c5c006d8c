import { formatDate, formatDateTime, formatLempiras } from './format';

/** The Spanish name of an audited field (the services write camelCase or the table's snake_case). */
const FIELD_LABELS: Record<string, string> = {
  accountNumber: 'Cuenta',
  active: 'Activo',
  amount: 'Monto',
  assigneeStaffId: 'Asignada a (personal #)',
  administratorFee: 'Gastos administrativos',
  bank: 'Banco',
  before: 'Antes de',
  borrowerId: 'Cliente #',
  businessDate: 'Día contable',
  charge: 'Intereses',
  contentType: 'Tipo de archivo',
  conversationId: 'Conversación #',
  credit: 'Saldo a favor',
  date: 'Fecha',
  declaredAmount: 'Monto declarado',
  datasend: 'Envío',
  decision: 'Decisión',
  description: 'Descripción',
  disbursedOn: 'Desembolsado el',
  disbursementReference: 'Referencia del desembolso',
  email: 'Correo',
  emailConfirmed: 'Correo confirmado',
  endedSessions: 'Sesiones cerradas',
  entryId: 'Movimiento #',
  errorCode: 'Código de error',
  erroresPerfil: 'Motivo de la devolución (errores_perfil)',
  failedLogins: 'Intentos fallidos',
  fileId: 'Archivo #',
  ip: 'IP',
  lateFee: 'Recargo por mora',
  loanId: 'Préstamo #',
  locked: 'Bloqueada',
  messageId: 'Mensaje #',
  mobPhone: 'Teléfono',
  mustChangePassword: 'Debe cambiar la contraseña',
  name: 'Nombre',
  note: 'Nota',
  noteId: 'Nota #',
  otherSessionsEnded: 'Otras sesiones cerradas',
  passwordChanged: 'Contraseña cambiada',
  periodType: 'Periodicidad',
  personCode: 'Identidad',
  photoVersion: 'Versión de la foto',
  reason: 'Motivo',
  penalty: 'Interés moratorio',
  receiptId: 'Comprobante #',
  receivedAmount: 'Monto recibido',
  reference: 'Referencia',
  refunded: 'Devuelto',
  replaced: 'Reemplazado',
  reversalId: 'Reversión #',
  reviewId: 'Revisión #',
  role: 'Rol',
  sessionId: 'Sesión #',
  sessionsEnded: 'Sesiones cerradas',
  size: 'Tamaño (bytes)',
  staffId: 'Personal #',
  state: 'Estado',
  status: 'Estado',
  title: 'Título',
  type: 'Tipo',
  userAgent: 'Navegador',
  valueDate: 'Fecha valor',
  version: 'Versión',
};

/** 'failed_logins' and 'failedLogins' are one field. */
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A field's Spanish name; an unknown one in words ('someNewField' reads 'Some new field'). */
export function auditFieldLabel(key: string): string {
  const name = camel(key).replace(/Cents$/, '');
  const known = FIELD_LABELS[camel(key)] ?? FIELD_LABELS[name];
  if (known) return known;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as staff read it: money in lempiras, dates dd/mm/aaaa, yes or no, lists and small objects in words. */
export function auditValueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number') return /Cents$/.test(camel(key)) ? formatLempiras(value) : String(value);
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => auditValueText(key, item)).join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${auditFieldLabel(k)}: ${auditValueText(k, v)}`)
      .join('; ');
  }
  return String(value);
}

/** One line of an audited change: the field, and its value before (when the row kept it) and after. */
export interface AuditChangeLine {
  label: string;
  before?: string;
  after: string;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * What an audit row changed, one line per field: with a `before`, only the fields whose value
 * changed ('Estado: 0 → 5'); without one, every field the row recorded. A row whose `after` is not
 * an object reads as one line.
 */
export function auditChangeLines(before: unknown, after: unknown): AuditChangeLine[] {
  const was = asRecord(before);
  const now = asRecord(after);
  if (!now) {
    return after === null || after === undefined || after === ''
      ? []
      : [{ label: 'Valor', after: auditValueText('value', after) }];
  }
  const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now)])];
  return keys.flatMap((key): AuditChangeLine[] => {
    const afterText = auditValueText(key, now[key]);
    if (!was) return [{ label: auditFieldLabel(key), after: afterText }];
    const beforeText = auditValueText(key, was[key]);
    return beforeText === afterText
      ? []
      : [{ label: auditFieldLabel(key), before: beforeText, after: afterText }];
  });
}
