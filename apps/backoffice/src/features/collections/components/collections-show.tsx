import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { can } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Loading, useNotify, usePermissions, useRefresh, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { FilePage, Section, SimpleTable } from '../../../components/file-section';
import { ScheduleHistorySection } from '../../../components/schedule-history';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatDateTime, formatLempiras } from '../../../lib/format';
import type { CollectionsFileRecord } from '../api/get-collections-file';
import { NoteDialog, PromiseDialog, StageDialog } from './collection-dialogs';

type Open = 'note' | 'promise' | 'stage' | null;

function NotesSection({ notes }: { notes: CollectionsFileRecord['notes'] }) {
  return (
    <Section title="Notas de cobranza" id="section-collection-notes">
      <SimpleTable
        label="Notas de cobranza"
        head={['Fecha', 'Tipo', 'Nota', 'Promesa', 'Etapa', 'Personal']}
        rows={notes.map((n) => [
          formatDateTime(n.createdAt),
          n.kindLabel,
          n.text,
          n.promisedOn ? `${formatLempiras(n.promisedAmountCents)} el ${formatDate(n.promisedOn)}` : '—',
          n.toStatus !== null ? `${n.fromStatus} → ${n.toStatus}` : '—',
          n.staffName,
        ])}
      />
    </Section>
  );
}

function CollectionsFileView() {
  const { record, isPending, refetch } = useShowContext<CollectionsFileRecord>();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Open>(null);
  // Until the file arrives the record may be the queue's row (react-admin's placeholder): no schedule yet.
  if (isPending || !record || !('schedule' in record)) return <Loading />;
  const { loan } = record;
  const canManage = can(permissions, 'collections.manage');
  const done = (notice: string) => {
    setOpen(null);
    notify(notice, { type: 'success' });
    void refetch();
    refresh();
  };
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h1" variant="h5">
              Cobranza · Préstamo #{loan.loanId} · {formatLempiras(loan.amountCents)}
            </Typography>
            <Typography color="text.secondary">
              {loan.borrowerName} · DNI {loan.personCode} · Tel. {loan.mobPhone}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <StatusChip tone={loan.status === 8 ? 'warning' : 'error'} label={loan.statusLabel} />
              <Typography variant="body2">
                Vencido: {formatLempiras(loan.overdueCents)} · {loan.daysLate} días de atraso
                {loan.bucketLabel ? ` (${loan.bucketLabel})` : ''} al {record.asOf}
              </Typography>
            </Stack>
            <Button
              component={RouterLink}
              to={`/loans/${loan.loanId}/show`}
              size="small"
              sx={{ mt: 1, px: 0 }}
            >
              Ver ficha del préstamo
            </Button>
          </Box>
          {canManage && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="outlined" onClick={() => setOpen('note')}>
                Agregar nota
              </Button>
              <Button variant="contained" onClick={() => setOpen('promise')}>
                Registrar promesa
              </Button>
              <Button variant="outlined" color="error" onClick={() => setOpen('stage')}>
                Cambiar etapa
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <NotesSection notes={record.notes} />
      <Section title="Cuotas" id="section-instalments">
        <SimpleTable
          label="Cuotas"
          head={['Pago', 'Vence', 'Estado', 'Recargo', 'Cuota', 'Pendiente']}
          rows={record.schedule.map((i) => [
            `${i.position}/${record.schedule.length}`,
            formatDate(i.dueDate),
            i.statusLabel,
            formatLempiras(i.lateFeeCents),
            formatLempiras(i.amountCents + i.chargeCents + i.administratorFeeCents),
            formatLempiras(i.remainingCents),
          ])}
        />
      </Section>
      <ScheduleHistorySection rows={record.history} />
      {open === 'note' && <NoteDialog loanId={loan.loanId} onClose={() => setOpen(null)} onDone={done} />}
      {open === 'promise' && (
        <PromiseDialog loanId={loan.loanId} today={record.asOf} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open === 'stage' && (
        <StageDialog loanId={loan.loanId} status={loan.status} onClose={() => setOpen(null)} onDone={done} />
      )}
    </Stack>
  );
}

/** A late loan's collections file: the loan, the notes and promises, the schedule and its history. */
export function CollectionsShow() {
  return (
    <FilePage title="Cobranza">
      <CollectionsFileView />
    </FilePage>
  );
}
