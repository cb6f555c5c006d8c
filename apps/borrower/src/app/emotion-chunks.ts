import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';

/** One Emotion chunk: the rules of `ids`, which the page inserts as `<style data-emotion="key ids">`. */
export interface StyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/**
 * Runs a server `render` that uses `cache`, and answers its markup with every rule it inserted, as
 * Emotion's chunks (the global rules each in its own, the rest in one) and as the page's `<style>`
 * tags. Emotion's server instance is made before the render: it has the rules collected instead of
 * written into the markup.
 *
 * Every rule, not only those whose class the markup names (Emotion's `extractCriticalToChunks`): a
 * styled part that wraps another (MUI's IconButton over ButtonBase, a contained Button, an Alert's
 * colour) inserts its own rules under a class of its own, which only the inner part's combined class
 * carries into the markup. The browser's hydration, which knows what is in the page by the
 * `data-emotion` names, inserted those rules again in its commit: at Inicio 8 classes, about 35
 * rules, and 68 ms of a 4x-slowed core parsing them.
 */
export function renderWithEveryStyle(
  cache: EmotionCache,
  render: () => string,
): { markup: string; chunks: StyleChunk[]; styleTags: string } {
  const emotion = createEmotionServer(cache);
  const markup = render();
  const names = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  const chunks = emotion.extractCriticalToChunks(names).styles.filter((chunk) => chunk.css !== '');
  return {
    markup,
    chunks,
    styleTags: emotion.constructStyleTagsFromChunks({ html: markup, styles: chunks }),
  };
}
