import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { StartupError } from '../components/startup-error';
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
  // No start-up splash: the splash is Inicio's (SPEC section 2), so every other screen paints as soon
  // as its code arrives (./startup-fallback.tsx).
  const [router] = useState(createAppRouter);
  return (
    <>
      <VersionCheck currentVersion={APP_VERSION} />
      <RouterProvider router={router} />
    </>
  );
}
