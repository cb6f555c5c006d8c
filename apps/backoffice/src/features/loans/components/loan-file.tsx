import { formatCents, labelOr, ordinalPaymentName, referenceTypeLabel } from '@prestamos-hn/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-admin';
import { CensusComparison } from '../../../components/census-comparison';
import { AuditSection, Facts, FileHeader, Section, SimpleTable } from '../../../components/file-section';
import { ProfileStateChip } from '../../../components/profile-state-chip';
import { ScheduleHistorySection } from '../../../components/schedule-history';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { LoanDocument, LoanFile as LoanFileData } from '../api/get-loan-file';
import { DocumentDialog } from './document-dialog';
import { LoanStatusChip } from './loan-status-chip';

const lempiras = (cents: number) => `L ${formatCents(cents)}`;
const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
/** A YYYY-MM-DD day as staff read it: 22/11/2026. */
const day = formatDate;

const PERIOD_LABELS: Record<string, string> = {
  semanal: 'Semanal',
  quincenal: 'Quincenal',
  mensual: 'Mensual',
};
const DOCUMENT_KINDS: Record<string, string> = { contract: 'Contrato', promissory_note: 'Pagaré' };
const REFERENCE_KINDS = { personal: 'Personal', labour: 'Laboral' } as const;

function feeText(terms: LoanFileData['terms']) {
  return terms.feeType === 'fixed'
    ? `${lempiras(terms.feeValue)} por cuota`
    : `${(terms.feeValue / 100).toFixed(2)} % del monto por cuota`;
}

function graceText(days: number) {
  return days === 0 ? 'Ninguno' : `${days} ${days === 1 ? 'día' : 'días'}`;
}

function RequestSection({ file }: { file: LoanFileData }) {
  const { loan, terms, request } = file;
  return (
    <Section title="Solicitud" id="section-request">
      <Facts
        items={[
          ['Producto', `${loan.productName} (${labelOr(PERIOD_LABELS, terms.periodType, terms.periodType)})`],
          ['Monto solicitado', lempiras(loan.amountCents)],
          ['Plazo', `${loan.termDays} días (${loan.payments} ${loan.payments === 1 ? 'pago' : 'pagos'})`],
          ['Propósito', loan.purpose],
          ['Tasa anual', `${(terms.annualRateBp / 100).toFixed(2)} %`],
          ['Gastos administrativos', feeText(terms)],
          ['Recargo por atraso', `${lempiras(terms.lateFeeCents)} por cuota`],
          ['Días de gracia', graceText(terms.graceDays)],
          ['Tolerancia de mora', lempiras(terms.arrearsToleranceCents)],
          [
            'Montos de la lista de precios',
            `${lempiras(terms.minAmountCents)} a ${lempiras(terms.maxAmountCents)}`,
          ],
          ['Plazos de la lista de precios', `${terms.minDays} a ${terms.maxDays} días`],
          ['Solicitado', formatDateTime(loan.createdAt)],
          ['Deuda', lempiras(loan.debtCents)],
          ['Ciudad', show(request.city)],
          // Without `borrowers.locations` the server leaves out the coordinates, IP and device: no rows.
          ...(request.ip === null
            ? []
            : ([
                [
                  'Ubicación',
                  request.latitude === null
                    ? '—'
                    : `${request.latitude}, ${request.longitude} (${formatDateTime(request.locatedAt)})`,
                ],
                ['IP', request.ip],
                ['Navegador', show(request.userAgent)],
              ] as [string, ReactNode][])),
          ['Tomado por', loan.takenBy ? `${loan.takenBy} (${formatDateTime(loan.takenAt)})` : '—'],
          ['Decidido por', loan.decidedBy ? `${loan.decidedBy} (${formatDateTime(loan.decidedAt)})` : '—'],
          ...(loan.approvedOn ? ([['Aprobado', day(loan.approvedOn)]] as [string, ReactNode][]) : []),
          ...(loan.offerExpiresOn
            ? ([['Válida hasta', day(loan.offerExpiresOn)]] as [string, ReactNode][])
            : []),
          ...(loan.rejectionReason
            ? ([['Motivo del rechazo', loan.rejectionReason]] as [string, ReactNode][])
            : []),
          ...(loan.disbursedOn
            ? ([
                ['Desembolsado', `${day(loan.disbursedOn)} · referencia ${show(loan.disbursementReference)}`],
                ['Registrado por', `${show(loan.disbursedBy)} (${formatDateTime(loan.disbursedAt)})`],
              ] as [string, ReactNode][])
            : []),
          ...(loan.expiredAt ? ([['Venció', formatDateTime(loan.expiredAt)]] as [string, ReactNode][]) : []),
        ]}
      />
    </Section>
  );
}

/** A bank account as staff read it: 'Banco Atlántida · 31415926'. */
const accountText = (account: { bank: string; bankName: string | null; accountNumber: string } | null) =>
  account && account.accountNumber
    ? `${account.bankName ?? `Banco ${account.bank}`} · ${account.accountNumber}`
    : '—';

const PAYOUT_ACCOUNT_WARNING =
  'La cuenta actual del perfil es distinta de la cuenta aceptada con el contrato; el desembolso se hace a la cuenta del contrato.';

function BorrowerSection({ file }: { file: LoanFileData }) {
  const b = file.borrower;
  const name = [b.firstName, b.secondName, b.firstSurname, b.secondSurname].filter(Boolean).join(' ');
  return (
    <Section title="Cliente" id="section-borrower">
      <Stack spacing={2}>
        <Facts
          items={[
            [
              'Nombre',
              <Link key="name" to={`/borrowers/${b.id}/show`}>
                {name}
              </Link>,
            ],
            ['Identidad', b.personCode],
            ['Teléfono', b.mobPhone],
            ['Correo', `${b.email} ${b.emailConfirmed ? '(confirmado)' : '(sin confirmar)'}`],
            ['Estado del perfil', <ProfileStateChip key="state" state={file.profileState} />],
            ['Cuenta del contrato (desembolso)', accountText(file.payoutAccount)],
            ['Cuenta actual del perfil', accountText(file.bankAccount)],
          ]}
        />
        {file.payoutAccountDiffers && <Alert severity="warning">{PAYOUT_ACCOUNT_WARNING}</Alert>}
        {b.locked && <Alert severity="error">La cuenta del cliente está bloqueada.</Alert>}
        {file.census && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
              Censo frente a lo declarado
            </Typography>
            <CensusComparison census={file.census} />
          </>
        )}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
          Referencias
        </Typography>
        <SimpleTable
          label="Referencias"
          head={['Tipo de referencia', 'Relación', 'Nombre', 'Teléfono']}
          rows={file.references.map((r) => [
            labelOr(REFERENCE_KINDS, r.kind, r.kind),
            r.type ? referenceTypeLabel(r.type) : '—',
            show(r.name),
            show(r.phone),
          ])}
        />
      </Stack>
    </Section>
  );
}

function QuoteSection({ quote }: { quote: LoanFileData['quote'] }) {
  return (
    <Section title="Cotización guardada" id="section-quote">
      <Stack spacing={2}>
        <Facts
          items={[
            ['Monto solicitado', lempiras(quote.amountCents)],
            ['Intereses', lempiras(quote.interestCents)],
            ['Gastos administrativos', lempiras(quote.feesCents)],
            ['Total a pagar', lempiras(quote.totalCents)],
            ['Pagos a realizar', String(quote.payments.length)],
            ['Costo anual total (CAT)', `${quote.annualCostPercent.toFixed(1)} %`],
          ]}
        />
        <SimpleTable
          label="Cuotas cotizadas"
          head={['Pago', 'Fecha', 'Capital', 'Interés', 'Gastos', 'Cuota']}
          rows={quote.payments.map((p, i) => [
            ordinalPaymentName(i + 1),
            day(p.dueDate),
            lempiras(p.principalCents),
            lempiras(p.interestCents),
            lempiras(p.feeCents),
            lempiras(p.totalCents),
          ])}
        />
      </Stack>
    </Section>
  );
}

function DocumentsSection({ file }: { file: LoanFileData }) {
  const [open, setOpen] = useState<LoanDocument | null>(null);
  return (
    <Section title="Documentos aceptados" id="section-documents">
      <Stack spacing={2}>
        {file.documents.length === 0 && <Typography>Sin documentos aceptados.</Typography>}
        {file.documents.map((d) => (
          <Card key={d.id} variant="outlined" component="article" aria-label={d.title}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
                  {labelOr(DOCUMENT_KINDS, d.kind, d.title)}
                </Typography>
                {d.intact ? (
                  <StatusChip tone="success" label="Íntegro: coincide con su SHA-256" />
                ) : (
                  <StatusChip tone="error" label="Alterado: no coincide con su SHA-256" />
                )}
              </Stack>
              <Facts
                items={[
                  ['Título', d.title],
                  ['Versión de la plantilla', String(d.templateVersion)],
                  ['Aceptado', formatDateTime(d.acceptedAt)],
                  ...(d.ip === null
                    ? []
                    : ([
                        ['IP', d.ip],
                        ['Navegador', show(d.userAgent)],
                      ] as [string, ReactNode][])),
                  ['SHA-256', <code key="sha">{d.sha256}</code>],
                ]}
              />
              <Button sx={{ mt: 1 }} variant="outlined" onClick={() => setOpen(d)}>
                Leer {labelOr(DOCUMENT_KINDS, d.kind, 'documento').toLowerCase()}
              </Button>
            </CardContent>
          </Card>
        ))}
        {file.contractPdfUrl && (
          <Box>
            <Button component="a" href={file.contractPdfUrl} target="_blank" rel="noopener">
              Descargar PDF del contrato y pagaré
            </Button>
          </Box>
        )}
      </Stack>
      {open && <DocumentDialog document={open} onClose={() => setOpen(null)} />}
    </Section>
  );
}

/** The disbursements of this loan that were reversed (issue 31): what had gone out, who undid it, why. */
function ReversalsSection({ reversals }: { reversals: LoanFileData['disbursementReversals'] }) {
  return (
    <Section title="Desembolsos revertidos" id="section-reversals">
      <SimpleTable
        label="Desembolsos revertidos"
        head={['Desembolsado', 'Referencia', 'Monto', 'Revertido', 'Por', 'Motivo']}
        rows={reversals.map((r) => [
          `${day(r.disbursedOn)} (${show(r.disbursedBy)})`,
          r.disbursementReference,
          lempiras(r.amountCents),
          formatDateTime(r.reversedAt),
          r.reversedBy,
          r.reason,
        ])}
      />
    </Section>
  );
}

function InstalmentsSection({ instalments }: { instalments: LoanFileData['instalments'] }) {
  return (
    <Section title="Cuotas" id="section-instalments">
      <SimpleTable
        label="Cuotas"
        head={['Pago', 'Vence', 'Estado', 'Capital', 'Interés', 'Gastos', 'Pagado']}
        rows={instalments.map((i) => [
          `${i.position}/${instalments.length}`,
          day(i.dueDate),
          i.statusLabel,
          lempiras(i.amountCents),
          lempiras(i.chargeCents),
          lempiras(i.administratorFeeCents),
          lempiras(i.amountCoveredCents + i.chargeCoveredCents + i.administratorFeeCoveredCents),
        ])}
      />
    </Section>
  );
}

/** Everything staff see of one loan; `actions` holds the desk's buttons for the role and status. */
export function LoanFile({
  file,
  actions,
  payoff,
}: {
  file: LoanFileData;
  actions?: ReactNode;
  /** The 'Liquidación' section (it reads its own call), shown once the loan has instalments. */
  payoff?: ReactNode;
}) {
  const b = file.borrower;
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <FileHeader title={`Préstamo #${file.loan.id} · ${lempiras(file.loan.amountCents)}`} actions={actions}>
        <Typography color="text.secondary">
          {[b.firstName, b.firstSurname].join(' ')} · DNI {b.personCode} · {file.loan.productName}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <LoanStatusChip status={file.loan.status} />
          <Typography variant="body2">Solicitado: {formatDateTime(file.loan.createdAt)}</Typography>
        </Stack>
      </FileHeader>
      <RequestSection file={file} />
      <BorrowerSection file={file} />
      <QuoteSection quote={file.quote} />
      <DocumentsSection file={file} />
      {file.instalments.length > 0 && payoff}
      {file.instalments.length > 0 && <InstalmentsSection instalments={file.instalments} />}
      {file.instalments.length > 0 && <ScheduleHistorySection rows={file.scheduleHistory} />}
      {file.disbursementReversals.length > 0 && <ReversalsSection reversals={file.disbursementReversals} />}
      {file.audit && <AuditSection title="Auditoría del préstamo" rows={file.audit} />}
    </Stack>
  );
}
