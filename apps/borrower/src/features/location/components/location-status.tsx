import PlaceIcon from '@mui/icons-material/Place';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { LocationAnswer } from '@prestamos-hn/contract';
import { LOCATION_SEE_MORE_LABEL, RETRY_LABEL } from '@prestamos-hn/domain';
import { LocationError } from '../api/post-location';
import { locationLabel, locationMessage } from '../utils/location-message';

/** How to let Chrome (most of our borrowers' browser) share the location, in Spanish. */
export const LOCATION_HELP_URL = 'https://support.google.com/chrome/answer/142065?hl=es-419';

export const LOCATING_TEXT = 'Obteniendo tu ubicación…';

/**
 * The borrower's location under the top bar: the place, or SPEC section 8's message about it; a
 * position not found (in time) offers 'Reintentar' (`onRetry`), and `isRetrying` shows the wait again.
 */
export function LocationStatus({
  answer,
  error,
  brandName,
  onRetry,
  isRetrying = false,
}: {
  answer: LocationAnswer | undefined;
  error: Error | null;
  brandName: string;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  if ((!answer && !error) || (error && isRetrying)) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
        <CircularProgress disableShrink size={16} aria-hidden />
        <Typography variant="body2">{LOCATING_TEXT}</Typography>
      </Box>
    );
  }
  const failure = error instanceof LocationError ? error.reason : 'lookup';
  const message = answer ? locationMessage({ answer }, brandName) : locationMessage({ failure }, brandName);
  const label = answer ? locationLabel(answer) : null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {label && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <PlaceIcon fontSize="small" color="primary" titleAccess="Tu ubicación" />
          <Typography variant="body2" component="p">
            {label}
          </Typography>
        </Box>
      )}
      {message && (
        <Alert
          severity="warning"
          role="alert"
          action={
            message.canRetry && onRetry ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                {RETRY_LABEL}
              </Button>
            ) : undefined
          }
        >
          {message.text}
          {message.hasSeeMore && (
            <>
              {' '}
              <Link href={LOCATION_HELP_URL} target="_blank" rel="noopener noreferrer" color="inherit">
                {LOCATION_SEE_MORE_LABEL}
              </Link>
            </>
          )}
        </Alert>
      )}
    </Box>
  );
}
