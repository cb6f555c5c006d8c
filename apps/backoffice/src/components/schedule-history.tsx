import { formatDate, formatLempiras } from '../lib/format';
import { Section, SimpleTable } from './file-section';

/** One status the daily run moved an instalment to (the contract's `scheduleChange`). */
export interface ScheduleChangeRow {
  id: number;
  position: number;
  businessDate: string;
  fromStatusLabel: string;
  toStatusLabel: string;
  lateFeeCents: number;
}

/** A loan's schedule history ('Historial de cuotas'): each change by business date, with the late fee it charged. */
export function ScheduleHistorySection({ rows }: { rows: readonly ScheduleChangeRow[] }) {
  return (
    <Section title="Historial de cuotas" id="section-schedule-history">
      <SimpleTable
        label="Historial de cuotas"
        head={['Fecha', 'Pago', 'De', 'A', 'Recargo por atraso']}
        rows={rows.map((h) => [
          formatDate(h.businessDate),
          h.position,
          h.fromStatusLabel,
          h.toStatusLabel,
          h.lateFeeCents > 0 ? formatLempiras(h.lateFeeCents) : '—',
        ])}
      />
    </Section>
  );
}
