import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { can } from '@prestamos-hn/domain';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { formatWaiting } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary">{label}</Typography>
        <Typography component="p" variant="h4" sx={{ my: 1 }}>
          {value}
        </Typography>
        {detail && <Typography variant="body2">{detail}</Typography>}
      </CardContent>
    </Card>
  );
}

/** The small dashboard: waiting review and the oldest wait, approved and returned today. */
export function Dashboard() {
  const { permissions } = usePermissions<string>();
  const { identity } = useGetIdentity();
  const canRead = can(permissions, 'dashboard.read');
  const { data, error } = useDashboard(canRead);
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title="Panel" />
      <Typography component="h1" variant="h5" gutterBottom>
        {identity?.fullName ? `Hola, ${identity.fullName}` : 'Panel'}
      </Typography>
      {!canRead && <Typography>Use el menú para buscar clientes.</Typography>}
      {error && <Typography role="alert">{error.message}</Typography>}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
          <Tile
            label="Esperando revisión"
            value={String(data.waitingReview)}
            detail={
              data.oldestWaitingMinutes === null
                ? 'Nadie espera.'
                : `El más antiguo espera ${formatWaiting(data.oldestWaitingMinutes)}.`
            }
          />
          <Tile label="Aprobados hoy" value={String(data.approvedToday)} />
          <Tile label="Devueltos hoy" value={String(data.returnedToday)} />
        </Box>
      )}
    </Box>
  );
}
