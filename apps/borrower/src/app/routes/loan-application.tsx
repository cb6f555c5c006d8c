import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CalculateIcon from '@mui/icons-material/Calculate';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { CallResultAlert } from '../../components/call-result-alert';
import { useApplicationProfile } from '../../features/loans/api/get-application-profile';
import { useBorrowerProfile } from '../../features/loans/api/get-borrower-profile';
import { useOffers } from '../../features/loans/api/get-offers';
import { OfferStatusBanner } from '../../features/loans/components/offer-status-banner';
import { ProductTiles } from '../../features/loans/components/product-tiles';
import { RequestSentDialog } from '../../features/loans/components/request-sent-dialog';
import { offerBanner } from '../../features/loans/utils/offer-banner';
import {
  productTileViews,
  tilesBlockedReason,
  type ProductTileView,
} from '../../features/loans/utils/product-tiles';
import { useBorrowerLocation } from '../../features/location/api/post-location';
import { NetworkError } from '../../lib/api-errors';

// The request's steps and the calculator (their forms, react-hook-form and the field parts) download
// when a product or the calculator is opened, not with /aplicar's first load.
const LoanRequestDialog = lazy(() =>
  import('../../features/loans/components/loan-request-dialog').then((m) => ({
    default: m.LoanRequestDialog,
  })),
);
const LoanCalculatorDialog = lazy(() =>
  import('../../features/loans/components/loan-calculator-dialog').then((m) => ({
    default: m.LoanCalculatorDialog,
  })),
);

const BLOCKED_REASON_ID = 'products-blocked-reason';

function isNonEmpty<T>(items: T[]): items is [T, ...T[]] {
  return items.length > 0;
}

/**
 * /aplicar (and the legacy /Aplicar): the products to request a loan from, the newest request's
 * status, the request dialog and what follows it, the calculator, and the ways to the history and
 * the profile. Composes the loans feature with the location one (the server checks the borrower's
 * city when a request arrives, so the screen sends it as Inicio does).
 */
export function Component() {
  const [, navigate] = useLocation();
  const applicationProfile = useApplicationProfile();
  const offers = useOffers();
  const profile = useBorrowerProfile();
  useBorrowerLocation();
  const [selected, setSelected] = useState<ProductTileView | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [isCalculatorOpen, setIsCalculatorOpen] = useState(false);

  // SPEC section 8: a network failure while loading the loan data goes to /login.
  const hasNetworkFailure = [applicationProfile.error, offers.error, profile.error].some(
    (error) => error instanceof NetworkError,
  );
  useEffect(() => {
    if (hasNetworkFailure) navigate('/login');
  }, [hasNetworkFailure, navigate]);

  const error = applicationProfile.error ?? offers.error ?? profile.error;
  const isReady = applicationProfile.data && offers.data && profile.data;
  const loans = offers.data ? Object.values(offers.data.loans) : [];
  const tiles =
    applicationProfile.data && profile.data
      ? productTileViews({
          applicationProfile: applicationProfile.data,
          loans,
          profileStatus: profile.data.status,
        })
      : [];
  const blockedReason = profile.data
    ? tilesBlockedReason({ loans, profileStatus: profile.data.status })
    : null;
  const banner = offers.data ? offerBanner(offers.data) : null;

  return (
    <Box component="main" sx={{ p: 2, maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton component={RouterLink} to="/" aria-label="Volver al inicio" edge="start">
          <ArrowBackIcon />
        </IconButton>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 500 }}>
          Solicitar préstamo
        </Typography>
      </Box>

      {error && !(error instanceof NetworkError) ? (
        <CallResultAlert error={error} />
      ) : !isReady ? (
        <Typography role="status">Cargando tus opciones de préstamo…</Typography>
      ) : (
        <>
          {banner && <OfferStatusBanner banner={banner} />}
          <Box component="section" aria-labelledby="products-title" sx={{ display: 'grid', gap: 1.5 }}>
            <Typography id="products-title" component="h2" variant="h6">
              Elige tu préstamo
            </Typography>
            {blockedReason && (
              <Typography id={BLOCKED_REASON_ID} variant="body2" color="text.secondary">
                {blockedReason}
              </Typography>
            )}
            <ProductTiles
              tiles={tiles}
              describedBy={blockedReason ? BLOCKED_REASON_ID : undefined}
              onSelect={setSelected}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<CalculateIcon />}
              onClick={() => setIsCalculatorOpen(true)}
            >
              Calculadora
            </Button>
            <Button component={RouterLink} to="/historial" variant="outlined" startIcon={<HistoryIcon />}>
              Historial
            </Button>
          </Box>
          <Typography variant="body2">
            ¿Cambiaron tus datos?{' '}
            <Link component={RouterLink} to="/perfil">
              Revisa tu perfil
            </Link>
          </Typography>
        </>
      )}

      <Suspense fallback={null}>
        {selected && (
          <LoanRequestDialog
            key={selected.product.id}
            tile={selected}
            onClose={() => setSelected(null)}
            onSent={(message) => {
              setSelected(null);
              setSentMessage(message);
            }}
          />
        )}
      </Suspense>
      {sentMessage !== null && (
        <RequestSentDialog message={sentMessage} onClose={() => setSentMessage(null)} />
      )}
      <Suspense fallback={null}>
        {isCalculatorOpen && isNonEmpty(tiles) && (
          <LoanCalculatorDialog products={tiles} onClose={() => setIsCalculatorOpen(false)} />
        )}
      </Suspense>
    </Box>
  );
}
