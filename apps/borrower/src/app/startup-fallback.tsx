import { useEffect, useState } from 'react';
import { PageLoader } from '../components/page-loader';
import { SplashScreen } from '../components/splash-screen';
import { readBrandName } from '@prestamos-hn/ui';
import { startHomeSplash } from '../features/home/hooks/use-home-splash';
import { hasSession } from '../lib/session';

/** Inicio's addresses (SPEC section 2): / and /main, and the help chat that opens over it. */
const HOME_PATHS = new Set(['', '/', '/main', '/chat']);

function isHomeAddress(hash: string): boolean {
  return HOME_PATHS.has(hash.replace(/^#/, '').split('?')[0]!.toLowerCase());
}

/**
 * What shows while the first screen's code downloads. The splash belongs to Inicio only (SPEC
 * section 2): a logged-in borrower opening Inicio sees it from the first paint (its 2 seconds start
 * here, and Inicio keeps it for the rest); every other screen shows a plain loader, so /login and
 * /registro paint their form as soon as it arrives.
 */
export function StartupFallback() {
  const [isHome] = useState(() => hasSession() && isHomeAddress(window.location.hash));
  useEffect(() => {
    if (isHome) startHomeSplash();
  }, [isHome]);
  return isHome ? <SplashScreen brandName={readBrandName(document)} /> : <PageLoader />;
}
