import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';
import { startTransition, useEffect, useState } from 'react';
import { renderScope } from '../../../lib/render-scope';

/**
 * When Inicio's splash first showed in this page load (performance.now()), null before it did, or
 * -Infinity once it is over.
 */
let splashStartedAt: number | null = null;

const performanceNow = () => performance.now();

/**
 * Inicio's splash (SPEC section 2, Inicio only), once per page load, while Inicio loads: it gives way
 * as soon as Inicio is ready to show (`isReady`: the borrower's profile has answered), and after 2
 * seconds at most Inicio shows with what it has (docs/ux.md, 'Inicio's splash': the SPEC's 2 seconds
 * are its longest, not a wait added to a screen that is ready). They count from the moment it first
 * showed: when Inicio is the first screen, the start-up fallback (app/startup-fallback.tsx) shows it
 * while the screen's code downloads, and Inicio keeps it for what is left; arriving later in the
 * visit (after login, say), Inicio shows it itself. The server renders Inicio as it is after the
 * splash (decision 024): the page shows that screen as soon as it comes, and the splash is over
 * (endHomeSplash).
 */
export function useHomeSplash(isReady: boolean, now: () => number = performanceNow): boolean {
  const [isShowing, setIsShowing] = useState(
    () =>
      renderScope() === undefined &&
      !isReady &&
      (splashStartedAt === null || now() - splashStartedAt < SPLASH_SCREEN_MS),
  );
  useEffect(() => {
    if (!isShowing) {
      // Over for the rest of the page load, whether it showed or Inicio was ready at once (effects
      // do not run in the server's render).
      endHomeSplash();
      return;
    }
    splashStartedAt ??= now();
    // Inicio's first render after the splash is a transition: React renders it in slices instead of
    // one long task on a slow phone's main thread.
    const end = () => startTransition(() => setIsShowing(false));
    if (isReady) return end();
    const timer = setTimeout(end, Math.max(0, SPLASH_SCREEN_MS - (now() - splashStartedAt)));
    return () => clearTimeout(timer);
  }, [isShowing, isReady, now]);
  return isShowing;
}

/** The start-up fallback shows Inicio's splash: its 2 seconds at most start now. */
export function startHomeSplash(now: number = performance.now()): void {
  splashStartedAt ??= now;
}

/**
 * The page showed the splash itself and then the server's Inicio (decision 024), or Inicio was ready
 * to show: the splash is over for this page load.
 */
export function endHomeSplash(): void {
  splashStartedAt = Number.NEGATIVE_INFINITY;
}

/** For tests: whether the splash counts as shown already in this page load. */
export function setHomeSplashShown(isShown: boolean): void {
  if (isShown) endHomeSplash();
  else splashStartedAt = null;
}
