/**
 * A download made once and shared: `load` runs on the first call and its promise answers every later
 * one; after a failure the next call tries again (a phone that was offline gets its signal back).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
