import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REGISTRATION_FIELD_LABELS, REGISTRATION_GENDER_OPTIONS } from '@prestamos-hn/domain';
import type { IdentityFields, PersonalFields } from '../utils/registration-steps';

interface RegistrationSummaryProps {
  identity: IdentityFields;
  personal: PersonalFields;
}

/** What is about to be sent, after the last step. */
export function RegistrationSummary({ identity, personal }: RegistrationSummaryProps) {
  const fullName = [identity.firstName, identity.secondName, identity.firstSurname, identity.secondSurname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const rows: [string, string][] = [
    [REGISTRATION_FIELD_LABELS.identityNumber, identity.identityNumber],
    ['Nombre', fullName],
    [REGISTRATION_FIELD_LABELS.email, personal.email],
    [
      REGISTRATION_FIELD_LABELS.gender,
      REGISTRATION_GENDER_OPTIONS.find((o) => o.value === personal.gender)?.label ?? '',
    ],
    [REGISTRATION_FIELD_LABELS.birthDate, personal.birthDate],
    [REGISTRATION_FIELD_LABELS.phone, personal.phone],
  ];
  return (
    <Box>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        Resumen
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
