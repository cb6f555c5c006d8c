import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { OfferBanner } from '../utils/offer-banner';

/** The status of the newest request (SPEC section 4), with the rejection reason when there is one. */
export function OfferStatusBanner({ banner }: { banner: OfferBanner }) {
  return (
    <Alert severity={banner.severity} role="status">
      <AlertTitle>{banner.title}</AlertTitle>
      {banner.reason && (
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          Motivo: {banner.reason}
        </Typography>
      )}
      {banner.text}
    </Alert>
  );
}
