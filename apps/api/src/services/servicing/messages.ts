import type { ReminderEvent } from '@prestamos-hn/domain';

/**
 * The reminders' words (tú, as the app speaks). `{cuota}`, `{monto}` and `{fecha}` are filled in by
 * the daily run's SQL for each instalment: its position, what it still owes ('1,234.50') and its due
 * date ('07/12/2026'). Absolute dates keep a reminder true even when a run after downtime sends it late.
 */
export const reminderTexts: Readonly<Record<ReminderEvent, { title: string; body: string }>> = {
  'due-in-3': {
    title: 'Tu cuota vence en 3 días',
    body: 'Tu cuota {cuota} de L {monto} vence el {fecha}. Deposita a tiempo y envía la foto de tu comprobante desde la app.',
  },
  'due-today': {
    title: 'Tu cuota vence hoy',
    body: 'Hoy {fecha} vence tu cuota {cuota} de L {monto}. Deposita y envía la foto de tu comprobante desde la app.',
  },
  'late-1': {
    title: 'Tu cuota está atrasada',
    body: 'Tu cuota {cuota} venció el {fecha} y tiene L {monto} pendientes. Ponte al día lo antes posible.',
  },
  'late-7': {
    title: 'Tu cuota tiene 7 días de atraso',
    body: 'Tu cuota {cuota} venció el {fecha} y aún tiene L {monto} pendientes. Ponte al día para no afectar tu historial.',
  },
  'late-30': {
    title: 'Tu cuota tiene 30 días de atraso',
    body: 'Tu cuota {cuota} venció el {fecha} y aún tiene L {monto} pendientes. Escríbenos por el chat de ayuda para acordar tu pago.',
  },
};
