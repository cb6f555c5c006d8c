import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { useEmailValidation } from '../api/validate-email';
import { EMAIL_VALIDATION_MESSAGES } from '../utils/email-validation-outcome';

/** The e-mailed link: 'Estamos validando su correo electrónico...', then the result and the link to login. */
export function EmailValidationResult({ token }: { token: string }) {
  const validation = useEmailValidation(token);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {validation.data === undefined ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress disableShrink size={24} aria-hidden />
          <Typography>Estamos validando su correo electrónico...</Typography>
        </Box>
      ) : (
        <Alert severity={validation.data === 'valid' ? 'success' : 'error'} role="status">
          {EMAIL_VALIDATION_MESSAGES[validation.data]}
        </Alert>
      )}
      <Link component={RouterLink} to="/login">
        Volver al formulario de ingreso
      </Link>
    </Box>
  );
}
