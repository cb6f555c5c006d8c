import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createStyleCache, theme } from '@prestamos-hn/ui';
import { createQueryClient } from '../lib/query-client';

/**
 * What every screen, the splash and the start-up errors rely on: data cache, theme and baseline
 * styles. Dates are written in Spanish with date-fns and `config/date-locale.ts`, imported by the
 * screens that show them (never by the first download).
 */
export function AppProvider(props: {
  children: ReactNode;
  styleCache?: EmotionCache;
  /** The data cache (made here when not given): a server-rendered screen's, with its answers. */
  queryClient?: QueryClient;
}) {
  const { children } = props;
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  // Every style MUI injects carries the page's CSP nonce (no 'unsafe-inline').
  const [styleCache] = useState(() => props.styleCache ?? createStyleCache());
  return (
    <QueryClientProvider client={queryClient}>
      <CacheProvider value={styleCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </QueryClientProvider>
  );
}
