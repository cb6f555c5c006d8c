import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';
import { startTransition, useEffect, useState } from 'react';
import { renderScope } from '../../../lib/render-scope';

/** When Inicio's splash first showed in this page load (performance.now()), or null before it did. */
let splashStartedAt: number | null = null;

const performanceNow = () => performance.now();

/**
 * Inicio's 2-second splash (SPEC section 2, Inicio only), once per page load. It counts from the moment
 * it first showed: when Inicio is the first screen, the start-up fallback (app/startup-fallback.tsx)
 * shows it while the screen's code downloads, and Inicio keeps it for the rest of the 2 seconds;
 * arriving later in the visit (after login, say), Inicio shows it itself. The screen's data loads
 * meanwhile. The server renders Inicio as it is after the splash (decision 024): the page shows that
 * screen once its own splash's 2 seconds are over (endHomeSplash).
 */
export function useHomeSplash(now: () => number = performanceNow): boolean {
  const [isShowing, setIsShowing] = useState(
    () =>
      renderScope() === undefined && (splashStartedAt === null || now() - splashStartedAt < SPLASH_SCREEN_MS),
  );
  useEffect(() => {
    if (!isShowing) return;
    splashStartedAt ??= now();
    // Inicio's first render after the splash is a transition: React renders it in slices instead of
    // one long task on a slow phone's main thread.
    const timer = setTimeout(
      () => startTransition(() => setIsShowing(false)),
      Math.max(0, SPLASH_SCREEN_MS - (now() - splashStartedAt)),
    );
    return () => clearTimeout(timer);
  }, [isShowing, now]);
  return isShowing;
}

/** The start-up fallback shows Inicio's splash: the 2 seconds start now. */
export function startHomeSplash(now: number = performance.now()): void {
  splashStartedAt ??= now;
}

/**
 * The page showed the splash itself and, after its 2 seconds, the server's Inicio (decision 024): the
 * app hydrates that screen, so its splash is over.
 */
export function endHomeSplash(): void {
  splashStartedAt = Number.NEGATIVE_INFINITY;
}

/** For tests: whether the splash counts as shown already in this page load. */
export function setHomeSplashShown(isShown: boolean): void {
  if (isShown) endHomeSplash();
  else splashStartedAt = null;
}
