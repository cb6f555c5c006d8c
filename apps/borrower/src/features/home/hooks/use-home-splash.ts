import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';
import { useEffect, useState } from 'react';

/** Whether this page load has shown Inicio's splash already (or the start-up splash served as it). */
let hasShownSplash = false;

/**
 * Inicio's 2-second splash (SPEC section 2), once per page load. When Inicio is the first screen,
 * the app's start-up splash has just been shown for 2 s and counts as Inicio's; arriving later in the
 * visit (after login, say), Inicio shows it itself. The screen's data loads meanwhile.
 */
export function useHomeSplash(now: () => number = () => performance.now()): boolean {
  const [isShowing, setIsShowing] = useState(() => !hasShownSplash && now() > 2 * SPLASH_SCREEN_MS);
  useEffect(() => {
    hasShownSplash = true;
    if (!isShowing) return;
    const timer = setTimeout(() => setIsShowing(false), SPLASH_SCREEN_MS);
    return () => clearTimeout(timer);
  }, [isShowing]);
  return isShowing;
}

/** For tests: whether the splash counts as shown already in this page load. */
export function setHomeSplashShown(isShown: boolean): void {
  hasShownSplash = isShown;
}
