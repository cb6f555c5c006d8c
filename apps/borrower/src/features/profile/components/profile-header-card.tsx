import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { PayloadOf } from '@prestamos-hn/contract';
import { FILE_TYPES, formatMoney } from '@prestamos-hn/domain';
import { formatDate } from '../utils/format-date';

type Profile = PayloadOf<'getProfile'>;

/** The full name as the profile keeps it: first and second name, first and second surname. */
export function fullName(data: Profile['data']): string {
  return [data.realname, data.midname, data.surname, data.midname2].filter(Boolean).join(' ');
}

/** Selfie, full name, e-mail, classification, wallet balance, registration date and customer id. */
export function ProfileHeaderCard({ profile, walletBalance }: { profile: Profile; walletBalance?: number }) {
  const { data } = profile;
  const selfie = profile.files.find((file) => file.type === FILE_TYPES.selfie)?.dir;
  const facts: [string, string][] = [
    ['Clasificación', profile.csas || '—'],
    ['Saldo en cartera', walletBalance === undefined ? '…' : `L ${formatMoney(walletBalance)}`],
    ['Fecha de registro', formatDate(data.created)],
    ['Número de cliente', String(data.customer_id)],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Avatar src={selfie} alt={selfie ? 'Tu selfie' : undefined} sx={{ width: 64, height: 64 }}>
          {data.realname.charAt(0)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h1" variant="h6" sx={{ fontWeight: 500, lineHeight: 1.3 }}>
            {fullName(data)}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            {data.email}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
