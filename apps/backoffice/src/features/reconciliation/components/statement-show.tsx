import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReceiptState } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Title, useGetRecordId, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { Facts, FileHeader, ScrollTable, Section } from '../../../components/file-section';
import { StatusChip, type ChipTone } from '../../../components/status-chip';
import { formatDateTime, formatLempiras } from '../../../lib/format';
import { refusalOf, type Refusal } from '../../../lib/staff-action';
import { useConfirmStatementMatch } from '../api/confirm-statement-match';
import {
  useBankStatement,
  type Proposal,
  type ReconciliationReceipt,
  type StatementDetail,
  type StatementLine,
} from '../api/get-bank-statement';
import { formatIsoDate, matchNotice } from '../utils/statement-texts';

const RECEIPT_TONES: Record<ReceiptState, ChipTone> = {
  pending: 'warning',
  awaiting_approval: 'warning',
  validated: 'success',
  rejected: 'error',
  reversed: 'neutral',
};

function ReceiptLink({ receipt }: { receipt: ReconciliationReceipt }) {
  return (
    <Link component={RouterLink} to={`/receipts/${receipt.id}/show`}>
      Comprobante #{receipt.id}
    </Link>
  );
}

/**
 * One imported statement ('Conciliación'): what it brought, the matches proposed between its credit
 * lines and the bank's pending receipts (each confirmed in one click), the lines and receipts left
 * unmatched with the reason, and every movement with the receipt it was matched to.
 */
export function StatementShow() {
  const id = Number(useGetRecordId());
  const statement = useBankStatement(id);
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title="Conciliación" />
      {statement.isPending ? (
        <Typography role="status">Cargando el estado de cuenta…</Typography>
      ) : statement.isError ? (
        <Alert severity="error" role="alert">
          {statement.error.message}
        </Alert>
      ) : (
        <StatementPage detail={statement.data} />
      )}
    </Stack>
  );
}

function StatementPage({ detail }: { detail: StatementDetail }) {
  const s = detail.statement;
  const lineById = new Map(detail.lines.map((l) => [l.id, l]));
  const credits = detail.lines.filter((l) => l.kind === 'credit').length;
  const proposed = new Set(detail.proposals.map((p) => p.lineId));
  return (
    <>
      <FileHeader title={`Estado de cuenta #${s.id} · ${s.bankName}`}>
        <Box sx={{ mt: 1 }}>
          <Facts
            items={[
              ['Archivo', s.fileName],
              ['Período', `${formatIsoDate(s.firstDate)} – ${formatIsoDate(s.lastDate)}`],
              ['Importado', `${formatDateTime(s.importedAt)} · ${s.importedBy}`],
              [
                'Movimientos nuevos',
                `${s.linesAdded} de ${s.linesInFile}${s.linesAdded < s.linesInFile ? ' (los demás ya estaban importados)' : ''}`,
              ],
              ['Créditos nuevos', `${s.creditsAdded} · ${formatLempiras(s.creditCentsAdded)}`],
              ['Conciliadas', `${s.matchedCount} de ${credits}`],
            ]}
          />
        </Box>
      </FileHeader>
      <ProposalsSection detail={detail} lineById={lineById} />
      <Section title="Líneas sin conciliar" id="statement-unmatched-lines-title">
        {detail.unmatchedLines.length === 0 ? (
          <Typography>No quedan líneas de crédito sin conciliar ni proponer.</Typography>
        ) : (
          <ScrollTable
            label="Líneas sin conciliar"
            head={
              <>
                <TableCell>Fecha</TableCell>
                <TableCell>Referencia</TableCell>
                <TableCell align="right">Monto</TableCell>
                <TableCell>Descripción</TableCell>
                <TableCell>Motivo</TableCell>
              </>
            }
          >
            {detail.unmatchedLines.map((u) => {
              const line = lineById.get(u.lineId)!;
              return (
                <TableRow key={u.lineId}>
                  <TableCell>{formatIsoDate(line.postedOn)}</TableCell>
                  <TableCell>{line.reference || '—'}</TableCell>
                  <TableCell align="right">{formatLempiras(line.amountCents)}</TableCell>
                  <TableCell>{line.description}</TableCell>
                  <TableCell>{u.reasonLabel}</TableCell>
                </TableRow>
              );
            })}
          </ScrollTable>
        )}
      </Section>
      <Section title="Comprobantes pendientes sin conciliar" id="statement-unmatched-receipts-title">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Los comprobantes pendientes de {s.bankName} enviados alrededor de estas fechas (de{' '}
          {detail.window.daysAfter} días antes a {detail.window.daysBefore} días después) que ninguna línea
          confirma.
        </Typography>
        {detail.unmatchedReceipts.length === 0 ? (
          <Typography>No hay comprobantes pendientes sin conciliar.</Typography>
        ) : (
          <ScrollTable
            label="Comprobantes pendientes sin conciliar"
            head={
              <>
                <TableCell>Comprobante</TableCell>
                <TableCell>Cliente</TableCell>
                <TableCell>Referencia</TableCell>
                <TableCell align="right">Monto declarado</TableCell>
                <TableCell>Enviado</TableCell>
                <TableCell>Motivo</TableCell>
              </>
            }
          >
            {detail.unmatchedReceipts.map(({ receipt, reasonLabel }) => (
              <TableRow key={receipt.id}>
                <TableCell>
                  <ReceiptLink receipt={receipt} />
                </TableCell>
                <TableCell>{receipt.borrowerName}</TableCell>
                <TableCell>{receipt.reference}</TableCell>
                <TableCell align="right">{formatLempiras(receipt.declaredAmountCents)}</TableCell>
                <TableCell>{formatDateTime(receipt.sentAt)}</TableCell>
                <TableCell>{reasonLabel}</TableCell>
              </TableRow>
            ))}
          </ScrollTable>
        )}
      </Section>
      <Section title="Movimientos del estado de cuenta" id="statement-lines-title">
        <ScrollTable
          label="Movimientos del estado de cuenta"
          head={
            <>
              <TableCell>Fila</TableCell>
              <TableCell>Fecha</TableCell>
              <TableCell>Referencia</TableCell>
              <TableCell>Descripción</TableCell>
              <TableCell align="right">Monto</TableCell>
              <TableCell>Conciliación</TableCell>
            </>
          }
        >
          {detail.lines.map((line) => (
            <MovementRow key={line.id} line={line} isProposed={proposed.has(line.id)} />
          ))}
        </ScrollTable>
      </Section>
    </>
  );
}

function MovementRow({ line, isProposed }: { line: StatementLine; isProposed: boolean }) {
  const receipt = line.matchedReceipt;
  return (
    <TableRow>
      <TableCell>{line.rowNumber}</TableCell>
      <TableCell>{formatIsoDate(line.postedOn)}</TableCell>
      <TableCell>{line.reference || '—'}</TableCell>
      <TableCell>{line.description}</TableCell>
      <TableCell align="right">{formatLempiras(line.amountCents)}</TableCell>
      <TableCell>
        {receipt ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ReceiptLink receipt={receipt} />
            <StatusChip tone={RECEIPT_TONES[receipt.state]} label={receipt.stateLabel} />
          </Stack>
        ) : line.kind === 'debit' ? (
          'Débito'
        ) : isProposed ? (
          'Por confirmar'
        ) : (
          'Sin conciliar'
        )}
      </TableCell>
    </TableRow>
  );
}

function ProposalsSection({
  detail,
  lineById,
}: {
  detail: StatementDetail;
  lineById: ReadonlyMap<number, StatementLine>;
}) {
  const confirm = useConfirmStatementMatch();
  const notify = useNotify();
  const [sending, setSending] = useState<number | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  async function confirmProposal(proposal: Proposal) {
    setRefusal(undefined);
    setSending(proposal.lineId);
    try {
      const answer = await confirm.mutateAsync({
        statementId: detail.statement.id,
        lineId: proposal.lineId,
        body: { receiptId: proposal.receipt.id, photoSha256: proposal.receipt.photoSha256 },
      });
      notify(matchNotice(answer), { type: 'success', multiLine: true, autoHideDuration: 8000 });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSending(undefined);
    }
  }
  return (
    <Section title="Coincidencias por confirmar" id="statement-proposals-title">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Misma referencia y mismo monto que el comprobante, con la fecha del banco dentro del plazo. Al
          confirmar, el comprobante se valida por el monto de la línea con la fecha del banco como fecha
          valor.
        </Typography>
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal.message}
          </Alert>
        )}
        {detail.proposals.length === 0 ? (
          <Typography>No hay coincidencias por confirmar.</Typography>
        ) : (
          detail.proposals.map((proposal) => {
            const line = lineById.get(proposal.lineId)!;
            const r = proposal.receipt;
            const title = `Línea ${line.reference} con comprobante #${r.id}`;
            return (
              <Card
                key={proposal.lineId}
                variant="outlined"
                component="article"
                aria-label={title}
                sx={{ contain: 'inline-size' }}
              >
                <CardContent
                  sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
                >
                  <Box>
                    <Typography component="h3" variant="subtitle2">
                      Línea del banco
                    </Typography>
                    <Facts
                      pairsPerRow={1}
                      items={[
                        ['Fecha', formatIsoDate(line.postedOn)],
                        ['Referencia', line.reference],
                        ['Monto', formatLempiras(line.amountCents)],
                        ['Descripción', line.description],
                      ]}
                    />
                  </Box>
                  <Box>
                    <Typography component="h3" variant="subtitle2">
                      <ReceiptLink receipt={r} />
                    </Typography>
                    <Facts
                      pairsPerRow={1}
                      items={[
                        ['Cliente', r.borrowerName],
                        ['Referencia', r.reference],
                        ['Monto declarado', formatLempiras(r.declaredAmountCents)],
                        ['Enviado', formatDateTime(r.sentAt)],
                      ]}
                    />
                  </Box>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={sending !== undefined}
                    onClick={() => void confirmProposal(proposal)}
                  >
                    {sending === proposal.lineId ? 'Confirmando…' : 'Confirmar'}
                  </Button>
                  <Typography variant="body2">Fecha valor: {formatIsoDate(proposal.valueDate)}</Typography>
                </CardActions>
              </Card>
            );
          })
        )}
      </Stack>
    </Section>
  );
}
