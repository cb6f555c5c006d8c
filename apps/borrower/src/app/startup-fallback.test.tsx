import { render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CALLS, earlyCallUrls } from '../lib/early-calls';
import { setHomeSplashShown, useHomeSplash } from '../features/home/hooks/use-home-splash';
import { PRERENDER_KEYS, prerenderedScreenFor, SCREEN_ATTRIBUTE } from './prerendered-screen';
import { isHomeAddress, StartupFallback } from './startup-fallback';

describe('StartupFallback', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    window.location.hash = '';
    document.documentElement.removeAttribute(SCREEN_ATTRIBUTE);
    setHomeSplashShown(false);
  });

  const paintedAt = (startTime: number) =>
    vi
      .spyOn(performance, 'getEntriesByName')
      .mockImplementation((name) =>
        name === 'first-contentful-paint' ? [{ startTime } as PerformanceEntry] : [],
      );

  it("counts Inicio's 2 seconds at most from the first paint of the page's own splash", () => {
    localStorage.setItem('sid', 'sid-1');
    window.location.hash = '#/';
    document.documentElement.setAttribute(SCREEN_ATTRIBUTE, 'inicio');
    paintedAt(100);
    setHomeSplashShown(false);

    render(<StartupFallback />);
    expect(screen.getByRole('progressbar', { name: 'Cargando la aplicación' })).toBeTruthy();
    // Painted at 100 ms: the splash is over at 2,100 ms, however late the app's code came.
    expect(renderHook(() => useHomeSplash(false, () => 2_099)).result.current).toBe(true);
    expect(renderHook(() => useHomeSplash(false, () => 2_100)).result.current).toBe(false);
  });

  it('counts them from its own first render when the page showed no splash', () => {
    localStorage.setItem('sid', 'sid-1');
    window.location.hash = '#/main';
    paintedAt(100);
    vi.spyOn(performance, 'now').mockReturnValue(5_000);
    setHomeSplashShown(false);

    render(<StartupFallback />);
    expect(renderHook(() => useHomeSplash(false, () => 6_999)).result.current).toBe(true);
    expect(renderHook(() => useHomeSplash(false, () => 7_000)).result.current).toBe(false);
  });

  it('shows a plain loader, not the splash, anywhere but Inicio', () => {
    localStorage.setItem('sid', 'sid-1');
    window.location.hash = '#/perfil';
    render(<StartupFallback />);
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Cargando la aplicación' })).toBeNull();
  });

  it("agrees with the page's head script on Inicio's addresses", () => {
    const withSession = { getItem: (key: string) => (key === PRERENDER_KEYS.session ? 'sid-1' : null) };
    for (const hash of [
      '',
      '#/',
      '#/main',
      '#/MAIN',
      '#/chat',
      '#/?a=1',
      '#/chat/x',
      '#/perfil',
      '#/plan/3',
      '#/login',
      '#/mainx',
    ])
      expect(isHomeAddress(hash), hash).toBe(
        prerenderedScreenFor(hash, withSession, PRERENDER_KEYS) === 'inicio',
      );
  });

  it("agrees with the early calls' table: every address of Inicio sends Inicio's calls", () => {
    const table = EARLY_CALLS as unknown as Record<string, string[]>;
    for (const hash of ['', '#/', '#/main', '#/MAIN', '#/chat', '#/?a=1']) {
      expect(isHomeAddress(hash), hash).toBe(true);
      expect(earlyCallUrls(hash, table), hash).toEqual(EARLY_CALLS['/']);
    }
  });
});
