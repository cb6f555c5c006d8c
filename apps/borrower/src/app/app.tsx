import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';
import { SplashScreen } from '../components/splash-screen';
import { StartupError } from '../components/startup-error';
import { readBrandName } from '../config/brand';
import { envCheck, type EnvCheck } from '../config/env';
import { APP_VERSION } from '../config/version';
import { VersionCheck } from '../features/version-check/components/version-check';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App({ check = envCheck }: { check?: EnvCheck }) {
  return (
    <AppProvider>
      {check.ok ? (
        <StartedApp />
      ) : (
        <StartupError title="La aplicación no puede iniciar" message={check.message} />
      )}
    </AppProvider>
  );
}

function StartedApp() {
  // The router starts loading the first screen's chunk as soon as it exists, during the splash.
  const [router] = useState(createAppRouter);
  const [brandName] = useState(() => readBrandName(document));
  const isSplashOver = useHasElapsed(SPLASH_SCREEN_MS);

  return (
    <>
      <VersionCheck currentVersion={APP_VERSION} />
      {isSplashOver ? <RouterProvider router={router} /> : <SplashScreen brandName={brandName} />}
    </>
  );
}

function useHasElapsed(ms: number): boolean {
  const [hasElapsed, setHasElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHasElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return hasElapsed;
}
