import type { EmotionCache } from '@emotion/react';
import { useEffect, useState } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { StartupError } from '../components/startup-error';
import { envCheck, type EnvCheck } from '../config/env';
import { APP_VERSION } from '../config/version';
import { VersionCheck } from '../features/version-check/components/version-check';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

interface AppProps {
  check?: EnvCheck;
  /** The app's router (made here when not given): main.tsx and the build's prerender make their own. */
  router?: DataRouter;
  /** The style cache (made by AppProvider when not given): the prerender's collects what it renders. */
  styleCache?: EmotionCache;
  /** Called once the app has mounted: hydrated, when the page came prerendered (main.tsx). */
  onMounted?: () => void;
}

export function App({ check = envCheck, router, styleCache, onMounted }: AppProps) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <AppProvider styleCache={styleCache}>
      {check.ok ? (
        <StartedApp router={router} />
      ) : (
        <StartupError title="La aplicación no puede iniciar" message={check.message} />
      )}
    </AppProvider>
  );
}

function StartedApp(props: { router?: DataRouter }) {
  // No start-up splash: the splash is Inicio's (SPEC section 2), so every other screen paints as soon
  // as its code arrives (./startup-fallback.tsx).
  const [router] = useState(() => props.router ?? createAppRouter());
  return (
    <>
      <VersionCheck currentVersion={APP_VERSION} />
      <RouterProvider router={router} />
    </>
  );
}
