import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { PAGE_NOT_FOUND_MESSAGE } from '@prestamos-hn/domain';
import { Link } from 'wouter';

/** Any unknown path: the SPEC's message with a back arrow to home. */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 600, mx: 'auto' }}>
      <IconButton component={Link} to="/" aria-label="Volver al inicio" edge="start" sx={{ mb: 1 }}>
        <ArrowBackIcon />
      </IconButton>
      <Typography component="h1" variant="h6">
        {PAGE_NOT_FOUND_MESSAGE}
      </Typography>
    </Box>
  );
}
