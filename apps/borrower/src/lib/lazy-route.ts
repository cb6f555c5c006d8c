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

/**
 * Wraps a route module import for react-router's `lazy` property, so each screen is its own chunk
 * and a failed or stalled download reaches the route's error element as a ChunkLoadError.
 */
export function lazyRoute<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => importWithTimeout(importer);
}
