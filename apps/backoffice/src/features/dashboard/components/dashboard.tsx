import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { can } from '@prestamos-hn/domain';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatWaiting } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { useStaffAlerts } from '../api/list-staff-alerts';

/** The borrower register opened on one profile state (react-admin's list filter in the address). */
const borrowersIn = (state: string) => `/borrowers?filter=${encodeURIComponent(JSON.stringify({ state }))}`;

/** A count of the dashboard; the whole card is a link to the queue or list it counts. */
function Tile({ label, value, detail, to }: { label: string; value: string; detail?: string; to: string }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography color="text.secondary">{label}</Typography>
          <Typography component="p" variant="h4" sx={{ my: 1 }}>
            {value}
          </Typography>
          {detail && <Typography variant="body2">{detail}</Typography>}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The alerts the system raised (the books' daily check, decision 015), for the roles that read the
 * books: nothing when there are none.
 */
function StaffAlerts() {
  const { data, error } = useStaffAlerts(true);
  if (error) return <Typography role="alert">{error.message}</Typography>;
  if (!data || data.items.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="alerts-title" spacing={1} sx={{ mb: 2 }}>
      <Typography id="alerts-title" component="h2" variant="h6">
        Alertas
      </Typography>
      {data.items.map((alert) => (
        <Alert key={alert.id} severity="error">
          <AlertTitle>
            {formatDate(alert.businessDate)}: {alert.title}
          </AlertTitle>
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * The small dashboard: the staff alerts, waiting review and the oldest wait, approved and returned
 * today; each card opens its queue (the review queue, the register on approved or returned profiles).
 */
export function Dashboard() {
  const { permissions } = usePermissions<string>();
  const { identity } = useGetIdentity();
  const canRead = can(permissions, 'dashboard.read');
  const canReadBooks = can(permissions, 'accounting.read');
  const { data, error } = useDashboard(canRead);
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title="Panel" />
      <Typography component="h1" variant="h5" gutterBottom>
        {identity?.fullName ? `Hola, ${identity.fullName}` : 'Panel'}
      </Typography>
      {canReadBooks && <StaffAlerts />}
      {!canRead && <Typography>Use el menú para buscar clientes.</Typography>}
      {error && <Typography role="alert">{error.message}</Typography>}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
          <Tile
            label="Esperando revisión"
            to="/reviews"
            value={String(data.waitingReview)}
            detail={
              data.oldestWaitingMinutes === null
                ? 'Nadie espera.'
                : `El más antiguo espera ${formatWaiting(data.oldestWaitingMinutes)}.`
            }
          />
          <Tile label="Aprobados hoy" to={borrowersIn('aprobado')} value={String(data.approvedToday)} />
          <Tile label="Devueltos hoy" to={borrowersIn('devuelto')} value={String(data.returnedToday)} />
        </Box>
      )}
    </Box>
  );
}
