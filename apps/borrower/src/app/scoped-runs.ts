// Run time, on the server only (server-render.tsx): nothing here is part of the app's bundle.
import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Runs work with a value as `storage`'s store, kept across the work's awaits, and turns `storage` off
 * once no run is under way. On Node.js 20 an AsyncLocalStorage that has run once keeps the process's
 * promise hooks on for good: a hook on every promise of every request the API server answers, about
 * a tenth of its work on the polled badge (decision 025). Off between renders, they cost only while
 * a render runs. A run that outlives its caller (a render past its 3 s) still counts until it ends.
 */
export function scopedRuns<T>(storage: AsyncLocalStorage<T>) {
  let underWay = 0;
  return async function runScoped<R>(value: T, work: () => Promise<R>): Promise<R> {
    underWay++;
    try {
      return await storage.run(value, work);
    } finally {
      underWay--;
      if (underWay === 0) storage.disable();
    }
  };
}
