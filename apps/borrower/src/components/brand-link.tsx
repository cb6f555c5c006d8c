import PaymentsIcon from '@mui/icons-material/Payments';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Link } from 'wouter';

/** The words a screen reader says for the brand in the top bar: where it goes. */
export const brandLinkLabel = (brandName: string) => `${brandName}: ir a Inicio`;

/** The logo in the top bar (brand mark and name), on every logged-in screen a link to Inicio. */
export function BrandLink({ brandName, isCompact = false }: { brandName: string; isCompact?: boolean }) {
  const size = isCompact ? 28 : 36;
  return (
    <ButtonBase
      component={Link}
      to="/"
      aria-label={brandLinkLabel(brandName)}
      focusRipple
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minWidth: 0,
        borderRadius: 1,
        px: 0.5,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'common.white', outlineOffset: 2 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: 'common.white',
          color: 'primary.dark',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <PaymentsIcon fontSize="small" />
      </Box>
      <Typography component="span" variant="subtitle1" sx={{ fontWeight: 500 }} noWrap>
        {brandName}
      </Typography>
    </ButtonBase>
  );
}
