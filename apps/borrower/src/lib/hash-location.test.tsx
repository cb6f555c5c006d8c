import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canGoBack,
  navigate,
  routeParser,
  splitHash,
  useHashLocation,
  useHashSearch,
  useLocationState,
} from './hash-location';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '#/');
});

describe('splitHash', () => {
  it.each([
    ['#/login?expirada=1&volver=%2Fplan', '/login', 'expirada=1&volver=%2Fplan'],
    ['#/plan/12', '/plan/12', ''],
    ['', '/', ''],
    ['#', '/', ''],
    ['#registro', '/registro', ''],
    ['#/?x=1', '/', 'x=1'],
  ])('reads %s as path %s and query %s', (hash, path, search) => {
    expect(splitHash(hash)).toEqual({ path, search });
  });
});

describe('navigate', () => {
  it('writes the address into the hash, with its state and its place in the visit', () => {
    window.history.replaceState(null, '', '#/');
    expect(canGoBack()).toBe(false);

    navigate('/perfil', { state: { isNewAccount: true } });
    expect(window.location.hash).toBe('#/perfil');
    expect(window.history.state).toEqual({ usr: { isNewAccount: true }, idx: 1 });
    expect(canGoBack()).toBe(true);

    navigate('/login?volver=%2Fperfil', { replace: true });
    expect(window.location.hash).toBe('#/login?volver=%2Fperfil');
    expect(window.history.state).toEqual({ usr: null, idx: 1 });
  });
});

function Where() {
  const [path] = useHashLocation();
  const search = useHashSearch();
  const state = useLocationState<{ from: string }>();
  return <p>{`${path}|${search}|${state?.from ?? '-'}`}</p>;
}

describe('useHashLocation', () => {
  it('follows navigate, a hash set by code and the back button', async () => {
    window.history.replaceState(null, '', '#/plan?x=1');
    render(<Where />);
    expect(screen.getByText('/plan|x=1|-')).toBeTruthy();

    await act(async () => navigate('/historial', { state: { from: 'plan' } }));
    expect(screen.getByText('/historial||plan')).toBeTruthy();

    await act(async () => {
      window.location.hash = '#/Aplicar';
      await new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    });
    expect(screen.getByText('/Aplicar||-')).toBeTruthy();

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByText('/historial||plan')).toBeTruthy();
  });

  it('answers the prerender its address, without a page', () => {
    const [path] = renderHook(() => useHashLocation({ ssrPath: '/registro' }));
    expect(path).toBe('/registro');
  });
});

function renderHook<T>(hook: () => T): T {
  let value: T | undefined;
  function Probe() {
    value = hook();
    return null;
  }
  render(<Probe />);
  return value as T;
}

describe('routeParser', () => {
  const match = (pattern: string, path: string) => routeParser(pattern).pattern.exec(path);

  it('matches case-insensitively, with or without a trailing slash', () => {
    expect(match('/aplicar', '/Aplicar')).not.toBeNull();
    expect(match('/perfil', '/perfil/')).not.toBeNull();
    expect(match('/perfil', '/perfil/otra-cosa')).toBeNull();
  });

  it('decodes parameters, and keeps one that is not valid percent-encoding as it came', () => {
    expect(match('/recuperarpass/:data', '/recuperarpass/eyJhIjoiYiJ9%3D')?.[1]).toBe('eyJhIjoiYiJ9=');
    expect(match('/validarmail/:token', '/validarmail/abc%zz')?.[1]).toBe('abc%zz');
    expect(routeParser('/plan/:idprestamoparam').keys).toEqual(['idprestamoparam']);
  });
});
