import { useEffect, useState } from 'react';
import { PageLoader } from '../components/page-loader';
import { SplashScreen } from '../components/splash-screen';
import { readBrandName } from '@prestamos-hn/ui';
import { startHomeSplash } from '../features/home/hooks/use-home-splash';
import { PRERENDERED_SPLASH, prerenderedScreenHere, prerenderedSplashPaintedAt } from './prerendered-screen';

/**
 * What shows while the first screen's code downloads. The splash belongs to Inicio only (SPEC
 * section 2): a logged-in borrower opening Inicio sees it from the first paint (the page's own copy,
 * ./prerendered-screen.ts; its 2 seconds start at that paint, and Inicio keeps it for the rest);
 * every other screen shows a plain loader, so /login and /registro paint their form as soon as it
 * arrives.
 */
export function StartupFallback() {
  const [isHome] = useState(() => prerenderedScreenHere() === PRERENDERED_SPLASH);
  useEffect(() => {
    if (isHome) startHomeSplash(prerenderedSplashPaintedAt() ?? performance.now());
  }, [isHome]);
  return isHome ? <SplashScreen brandName={readBrandName(document)} /> : <PageLoader />;
}
