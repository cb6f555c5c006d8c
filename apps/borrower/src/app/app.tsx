import type { EmotionCache } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { StartupError } from '../components/startup-error';
import { envCheck, type EnvCheck } from '../config/env';
import { APP_VERSION } from '../config/version';
import { VersionCheck } from '../features/version-check/components/version-check';
import { routeParser, useHashLocation, useHashSearch } from '../lib/hash-location';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

interface AppProps {
  check?: EnvCheck;
  /** The address to render instead of the page's (the build's prerender: there is no page). */
  ssrPath?: string;
  /** The style cache (made by AppProvider when not given): the prerender's collects what it renders. */
  styleCache?: EmotionCache;
  /** The data cache (made by AppProvider when not given): a server-rendered screen's, with its answers. */
  queryClient?: QueryClient;
  /**
   * Called once the first screen is on the page: hydrated, when the page came prerendered
   * (main.tsx), its handlers attached.
   */
  onMounted?: () => void;
}

export function App({ check = envCheck, ssrPath, styleCache, queryClient, onMounted }: AppProps) {
  return (
    <AppProvider styleCache={styleCache} queryClient={queryClient}>
      {check.ok ? (
        <StartedApp ssrPath={ssrPath} onMounted={onMounted} />
      ) : (
        <StartupError title="La aplicación no puede iniciar" message={check.message} />
      )}
    </AppProvider>
  );
}

function StartedApp({ ssrPath, onMounted }: Pick<AppProps, 'ssrPath' | 'onMounted'>) {
  // No start-up splash: the splash is Inicio's (SPEC section 2), so every other screen paints as soon
  // as its code arrives (./startup-fallback.tsx).
  return (
    <>
      <VersionCheck currentVersion={APP_VERSION} />
      <Router hook={useHashLocation} searchHook={useHashSearch} parser={routeParser} ssrPath={ssrPath}>
        <AppRoutes onScreenShown={onMounted} />
      </Router>
    </>
  );
}
