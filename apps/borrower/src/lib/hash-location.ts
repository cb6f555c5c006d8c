import { startTransition, useEffect, useState } from 'react';
import { parse } from 'regexparam';
import type { Parser, RouterObject } from 'wouter';
import { renderScope } from './render-scope';

/**
 * The app's addresses live in the URL's hash, path and query both (SPEC section 2: `#/plan/12`,
 * `#/login?expirada=1`), as React Router's hash router wrote them before. This module is the location
 * that wouter (our router, decision 023) reads and changes: its hook, its query, the state a
 * navigation carries, and how route patterns match.
 */

/** What each history entry of the app keeps: the navigation's state, and its place in the visit. */
interface EntryState {
  usr: unknown;
  idx: number;
}

export interface NavigateOptions {
  replace?: boolean;
  /** Kept with the entry (useLocationState). */
  state?: unknown;
}

/** The path and the query of a hash: `#/login?expirada=1` → `/login`, `expirada=1`. */
export function splitHash(hash: string): { path: string; search: string } {
  const address = hash.replace(/^#/, '');
  const queryAt = address.indexOf('?');
  const path = queryAt === -1 ? address : address.slice(0, queryAt);
  return {
    path: path.startsWith('/') ? path : `/${path}`,
    search: queryAt === -1 ? '' : address.slice(queryAt + 1),
  };
}

const currentPath = () => splitHash(window.location.hash).path;
const currentSearch = () => splitHash(window.location.hash).search;

function entryState(): EntryState | null {
  // A server render (app/server-render.tsx) is only asked for an entry that carries no state.
  if (renderScope()) return null;
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state ? (state as EntryState) : null;
}

const listeners = new Set<() => void>();

/**
 * Every reader of the location learns of a change in one transition: React keeps the screen that is
 * showing until the next one's code has arrived (as React Router's data router did), instead of a loader
 * flashing over it.
 */
function notify() {
  startTransition(() => {
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Back and forward, and a hash set by hand or by code (`location.hash = …`).
    window.addEventListener('popstate', notify);
    window.addEventListener('hashchange', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('popstate', notify);
    window.removeEventListener('hashchange', notify);
  };
}

/** Goes to an address of the app (`/perfil`, `/login?volver=%2Fplan`), a new entry unless `replace`. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const index = entryState()?.idx ?? 0;
  const state: EntryState = { usr: options.state ?? null, idx: options.replace ? index : index + 1 };
  const url = `#${to.startsWith('/') ? to : `/${to}`}`;
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  notify();
}

/**
 * Whether this entry was reached inside the app, so going back stays in it (otherwise it leaves the
 * app, or the visit began here).
 */
export function canGoBack(): boolean {
  return (entryState()?.idx ?? 0) > 0;
}

/** A value read from the location, kept current; `ssr` answers in the build's prerender. */
function useLocationValue<T>(read: () => T, ssr: T | undefined): T {
  const [value, setValue] = useState(() => (ssr !== undefined ? ssr : read()));
  useEffect(() => {
    if (ssr !== undefined) return undefined;
    const update = () => setValue(read());
    const unsubscribe = subscribe(update);
    update();
    return unsubscribe;
  }, [read, ssr]);
  return value;
}

/** wouter's location hook: the hash's path, and navigate. */
export function useHashLocation(
  router?: Pick<RouterObject, 'ssrPath'>,
): [string, (to: string, options?: NavigateOptions) => void] {
  return [useLocationValue(currentPath, router?.ssrPath), navigate];
}
useHashLocation.hrefs = (href: string) => `#${href}`;

/** wouter's search hook: the query after the path in the hash. */
export function useHashSearch(router?: Pick<RouterObject, 'ssrPath' | 'ssrSearch'>): string {
  return useLocationValue(
    currentSearch,
    router?.ssrPath === undefined ? undefined : (router.ssrSearch ?? ''),
  );
}

/** The state the navigation to the current entry carried (`navigate(to, { state })`), or null. */
export function locationState(): unknown {
  return entryState()?.usr ?? null;
}

/** locationState, kept current. */
export function useLocationState<T>(): T | null {
  return useLocationValue(locationState, undefined) as T | null;
}

function decodeSegment(value: string | undefined): string | undefined {
  if (value === undefined) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * How route patterns match: regexparam's patterns (wouter's own), case-insensitive (the legacy link
 * to `/Aplicar` still opens /aplicar) and with parameters decoded (`/recuperarpass/:data`).
 */
export const routeParser: Parser = (route, loose) => {
  const { pattern, keys } = parse(route, loose);
  const caseless = new RegExp(pattern.source, 'i');
  return {
    keys,
    pattern: {
      exec(path: string) {
        const match = caseless.exec(path);
        if (!match) return null;
        for (let i = 1; i < match.length; i++) match[i] = decodeSegment(match[i])!;
        return match;
      },
    },
  };
};
