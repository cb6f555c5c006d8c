import { createTheme, darken } from '@mui/material/styles';
import { THEME } from '@prestamos-hn/domain';

// White text on the brand blue #4c74e9, or the blue as text on white, has a contrast of 4.2:1, short of
// WCAG AA's 4.5:1. The brand blue stays `primary.main` (bars, icons, progress, borders); wherever the
// blue carries text (filled buttons, text and outlined buttons, links, focused labels) the theme uses
// `primary.dark`, 15 % darker (5.5:1). In screens, write primary-coloured text as 'primary.dark'.
const primaryDark = darken(THEME.primaryColor, 0.15);

/** The MUI theme of SPEC section 9, from the domain's constants, shared by the borrower app and the back-office. */
export const theme = createTheme({
  palette: { primary: { main: THEME.primaryColor, dark: primaryDark, contrastText: '#fff' } },
  breakpoints: { values: THEME.breakpoints },
  spacing: THEME.spacingPx,
  shape: { borderRadius: THEME.borderRadius },
  typography: {
    fontFamily: `${THEME.fontFamily}, "Helvetica Neue", Arial, sans-serif`,
    fontSize: THEME.fontSize,
  },
  components: {
    MuiButton: {
      styleOverrides: {
        root: {
          variants: [
            {
              props: { variant: 'contained', color: 'primary' },
              style: {
                backgroundColor: primaryDark,
                '&:hover': { backgroundColor: darken(primaryDark, 0.2) },
              },
            },
            { props: { variant: 'text', color: 'primary' }, style: { color: primaryDark } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: primaryDark } },
          ],
        },
      },
    },
    MuiLink: { defaultProps: { color: 'primary.dark' } },
    MuiFormLabel: {
      styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: primaryDark } } },
    },
    // The one text of MUI's Spanish locale the borrower app shows. The whole locale
    // (`@mui/material/locale`) builds an Intl.NumberFormat when it loads, for table pagination
    // only the back-office has: a phone's first Intl object costs it about 80 ms of a 4x-slowed
    // CPU on every start. The back-office adds the whole locale to its own theme.
    MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
  },
});
