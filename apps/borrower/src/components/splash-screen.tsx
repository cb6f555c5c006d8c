import PaymentsIcon from '@mui/icons-material/Payments';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The start-up screen: brand mark, brand name and a labelled progress indicator. */
export function SplashScreen({ brandName }: { brandName: string }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        textAlign: 'center',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 88,
          height: 88,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <PaymentsIcon sx={{ fontSize: 48 }} />
      </Box>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 500 }}>
        {brandName}
      </Typography>
      <CircularProgress disableShrink aria-label="Cargando la aplicación" />
    </Box>
  );
}
