import { act, renderHook } from '@testing-library/react';
import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHomeSplashShown, startHomeSplash, useHomeSplash } from './use-home-splash';

// Inicio's splash while Inicio loads, 2 seconds at most (SPEC section 2; docs/ux.md, "Inicio's splash").
describe('useHomeSplash', () => {
  let clock = 0;
  const now = () => clock;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000;
    setHomeSplashShown(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    setHomeSplashShown(false);
  });

  const later = async (ms: number) => {
    clock += ms;
    await act(() => vi.advanceTimersByTimeAsync(ms));
  };

  it('gives way as soon as Inicio is ready, before its 2 seconds', async () => {
    const splash = renderHook(({ isReady }) => useHomeSplash(isReady, now), {
      initialProps: { isReady: false },
    });
    expect(splash.result.current).toBe(true);
    await later(600);
    expect(splash.result.current).toBe(true);

    splash.rerender({ isReady: true });
    await later(0);
    expect(splash.result.current).toBe(false);
  });

  it('gives way after 2 seconds at most when Inicio is still loading', async () => {
    const splash = renderHook(() => useHomeSplash(false, now));
    await later(SPLASH_SCREEN_MS - 1);
    expect(splash.result.current).toBe(true);
    await later(1);
    expect(splash.result.current).toBe(false);
  });

  it('does not show when Inicio is ready from the start', () => {
    expect(renderHook(() => useHomeSplash(true, now)).result.current).toBe(false);
  });

  it('shows once per page load: Inicio opened again later shows no splash, even while loading', async () => {
    const first = renderHook(({ isReady }) => useHomeSplash(isReady, now), {
      initialProps: { isReady: false },
    });
    first.rerender({ isReady: true });
    await later(0);
    first.unmount();

    expect(renderHook(() => useHomeSplash(false, now)).result.current).toBe(false);
  });

  it('is over for the page load when Inicio was ready at once', async () => {
    renderHook(() => useHomeSplash(true, now)).unmount();
    await later(0);
    expect(renderHook(() => useHomeSplash(false, now)).result.current).toBe(false);
  });

  it('keeps only what is left of the 2 seconds the start-up fallback began', async () => {
    startHomeSplash(clock - 1_500);
    const splash = renderHook(() => useHomeSplash(false, now));
    expect(splash.result.current).toBe(true);
    await later(499);
    expect(splash.result.current).toBe(true);
    await later(1);
    expect(splash.result.current).toBe(false);
  });
});
