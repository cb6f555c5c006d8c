import { createElement, lazy, type ComponentType, type ReactNode } from 'react';
import { LAZY_CHUNK_TIMEOUT_MS } from '@prestamos-hn/domain';

/** How long a lazily loaded screen may take to arrive before the app gives up (SPEC section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = LAZY_CHUNK_TIMEOUT_MS;

/** A screen's code could not be downloaded: network failure, server error or time-out. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Runs a dynamic import, failing with a ChunkLoadError if it fails or takes longer than `timeoutMs`. */
export function importWithTimeout<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`La carga del módulo superó ${timeoutMs} ms.`));
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('No se pudo cargar el módulo.', { cause }));
      },
    );
  });
}

/** A screen whose code downloads when it is first shown (or preloaded): its own chunk. */
export interface LazyScreen<P extends object = object> {
  (props: P): ReactNode;
  /** Downloads the screen's code (once; again after a failure), so it renders at once when shown. */
  preload(): Promise<unknown>;
}

/**
 * A route's screen from its module's `Component`, each its own chunk. Until the code has arrived the
 * screen suspends (the nearest Suspense shows its fallback, or a navigation keeps the screen before);
 * a failed or stalled download reaches the routes' error boundary as a ChunkLoadError, and the next
 * preload (a navigation to the screen) tries again. Once loaded it renders synchronously, so a
 * screen preloaded before the first render is hydrated, and prerendered at build time, with its own
 * markup.
 */
export function lazyScreen<P extends object>(
  importer: () => Promise<{ Component: ComponentType<P> }>,
): LazyScreen<P> {
  let Loaded: ComponentType<P> | null = null;
  let loading: Promise<unknown> | null = null;
  let hasFailed = false;
  // React's own lazy component for the wait (Suspense, and a failure thrown to the error boundary);
  // made again for each new attempt, since it keeps a failure for good.
  const lazyOf = () => lazy(() => preload().then(() => ({ default: Loaded! })));
  let Lazy = lazyOf();
  function preload(): Promise<unknown> {
    if (loading && !hasFailed) return loading;
    if (hasFailed) Lazy = lazyOf();
    hasFailed = false;
    loading = importWithTimeout(importer).then(
      (module) => {
        Loaded = module.Component;
      },
      (error: unknown) => {
        hasFailed = true;
        throw error;
      },
    );
    return loading;
  }
  function Screen(props: P): ReactNode {
    return createElement(Loaded ?? Lazy, props);
  }
  Screen.preload = preload;
  return Screen;
}
