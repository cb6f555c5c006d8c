import { useEffect, useState } from 'react';
import { PageLoader } from '../components/page-loader';
import { SplashScreen } from '../components/splash-screen';
import { startHomeSplash } from '../features/home/hooks/use-home-splash';
import { pageBrandName, pageHash } from '../lib/render-scope';
import { hasSession } from '../lib/session';
import { prerenderedSplashPaintedAt } from './prerendered-screen';

/**
 * Inicio's addresses (SPEC section 2): / and /main, and the help chat that opens over it. The page's
 * head script decides the same with its own copy (prerenderedScreenFor, which must stand alone);
 * the unit test checks that both agree. Not that function here: it would add its login rules to
 * every screen's first download.
 */
const HOME_PATHS = new Set(['', '/', '/main', '/chat']);

export function isHomeAddress(hash: string): boolean {
  return HOME_PATHS.has(hash.replace(/^#/, '').split('?')[0]!.toLowerCase());
}

/**
 * What shows while the first screen's code downloads. The splash belongs to Inicio only (SPEC
 * section 2): a logged-in borrower opening Inicio sees it from the first paint (the page's own copy,
 * ./prerendered-screen.ts; its 2 seconds at most start at that paint, and Inicio keeps it while it
 * loads, for what is left of them);
 * every other screen shows a plain loader, so /login and /registro paint their form as soon as it
 * arrives.
 */
export function StartupFallback() {
  const [isHome] = useState(() => hasSession() && isHomeAddress(pageHash()));
  useEffect(() => {
    if (isHome) startHomeSplash(prerenderedSplashPaintedAt() ?? performance.now());
  }, [isHome]);
  return isHome ? <SplashScreen brandName={pageBrandName()} /> : <PageLoader />;
}
