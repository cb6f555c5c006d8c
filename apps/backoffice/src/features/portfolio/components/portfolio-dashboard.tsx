import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { Loading, Title } from 'react-admin';
import { Section, SimpleTable } from '../../../components/file-section';
import { RefusalAlert } from '../../../components/refusal-alert';
import { formatDate, formatLempiras } from '../../../lib/format';
import { portfolioCsvUrls, usePortfolio, type Portfolio } from '../api/get-portfolio';

const lempiras = (cents: number) => cents / 100;
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;

function Figure({
  id,
  label,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  describedBy: string;
  children: ReactNode;
}) {
  // The chart is a picture of the table right after it: its text alternative (aria-describedby).
  return (
    <Box component="figure" aria-labelledby={`${id}-caption`} aria-describedby={describedBy} sx={{ m: 0 }}>
      <Typography id={`${id}-caption`} component="figcaption" variant="subtitle1">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function CsvButton({ href }: { href: string }) {
  return (
    <Button component="a" href={href} download variant="outlined" size="small" startIcon={<DownloadIcon />}>
      Descargar CSV
    </Button>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function WeeksSection({ weeks }: { weeks: Portfolio['weeks'] }) {
  // 'dd/mm' of each week's Monday.
  const labels = weeks.map((w) => formatDate(w.weekStart).slice(0, 5));
  return (
    <Section title="Desembolsado y cobrado por semana" id="section-weeks">
      <Stack spacing={2}>
        <CsvButton href={portfolioCsvUrls.weeks} />
        <Figure id="chart-disbursed" label="Desembolsado por semana (L)" describedBy="table-weeks">
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: labels, label: 'Semana (lunes)' }]}
            series={[{ data: weeks.map((w) => lempiras(w.disbursedCents)), label: 'Desembolsado (L)' }]}
          />
        </Figure>
        <Figure id="chart-collected" label="Cobrado por semana (L)" describedBy="table-weeks">
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: labels, label: 'Semana (lunes)' }]}
            series={[{ data: weeks.map((w) => lempiras(w.collectedCents)), label: 'Cobrado (L)' }]}
          />
        </Figure>
        <Box id="table-weeks">
          <SimpleTable
            label="Desembolsado y cobrado por semana"
            head={['Semana (lunes)', 'Préstamos', 'Desembolsado', 'Cobrado']}
            rows={weeks.map((w) => [
              formatDate(w.weekStart),
              w.disbursedLoans,
              formatLempiras(w.disbursedCents),
              formatLempiras(w.collectedCents),
            ])}
          />
        </Box>
      </Stack>
    </Section>
  );
}

function BucketsSection({ portfolio }: { portfolio: Portfolio }) {
  const { buckets } = portfolio;
  return (
    <Section title="Cartera en atraso" id="section-buckets">
      <Stack spacing={2}>
        <CsvButton href={portfolioCsvUrls.buckets} />
        <Figure
          id="chart-buckets"
          label="Capital pendiente por días de atraso (L)"
          describedBy="table-buckets"
        >
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: buckets.map((b) => b.label), label: 'Días de atraso' }]}
            series={[
              {
                data: buckets.map((b) => lempiras(b.outstandingPrincipalCents)),
                label: 'Capital pendiente (L)',
              },
            ]}
          />
        </Figure>
        <Box id="table-buckets">
          <SimpleTable
            label="Cartera en atraso por tramo"
            head={['Días de atraso', 'Préstamos', 'Capital pendiente']}
            rows={[
              ...buckets.map((b) => [b.label, b.loans, formatLempiras(b.outstandingPrincipalCents)]),
              [
                'PAR30',
                '—',
                `${formatLempiras(portfolio.par30.atRiskCents)} (${percent(portfolio.par30.basisPoints)})`,
              ],
            ]}
          />
        </Box>
      </Stack>
    </Section>
  );
}

/** The portfolio dashboard ('Cartera'): outstanding principal, weekly series, arrears and PAR30. */
export function PortfolioDashboard() {
  const { data, error, isPending } = usePortfolio();
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title="Cartera" />
      <Typography component="h1" variant="h5">
        Cartera {data ? `al ${formatDate(data.asOf)}` : ''}
      </Typography>
      {isPending && <Loading />}
      <RefusalAlert message={error?.message} />
      {data && (
        <>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            <Fact label="Capital pendiente" value={formatLempiras(data.outstandingPrincipalCents)} />
            <Fact label="Préstamos vigentes" value={String(data.outstandingLoans)} />
            <Fact label="PAR30 (más de 30 días de atraso)" value={percent(data.par30.basisPoints)} />
          </Stack>
          <BucketsSection portfolio={data} />
          <WeeksSection weeks={data.weeks} />
        </>
      )}
    </Stack>
  );
}
