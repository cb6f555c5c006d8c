// @vitest-environment node
// In Node, where Emotion collects the rules a render inserts instead of injecting them.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import IconButton from '@mui/material/IconButton';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { everyStyleOf } from './emotion-chunks';

describe('everyStyleOf', () => {
  it('keeps the rules of a part wrapped by another, whose class the markup does not name', () => {
    const cache = createCache({ key: 'css' });
    const styles = everyStyleOf(cache);
    const markup = renderToString(
      <CacheProvider value={cache}>
        <IconButton aria-label="Notificaciones">+</IconButton>
      </CacheProvider>,
    );
    const chunks = styles.chunks();
    const styleTags = styles.styleTags();
    const inMarkup = new Set([...markup.matchAll(/\bcss-([\w-]+)/g)].map((match) => match[1]!));

    // Collected, not written into the markup.
    expect(markup).not.toContain('<style');
    const ids = chunks.flatMap((chunk) => chunk.ids);

    // IconButton's own rules (its class, not in the markup) and the combined class the button carries.
    expect(ids.some((id) => !inMarkup.has(id))).toBe(true);
    expect([...inMarkup].every((id) => ids.includes(id))).toBe(true);
    expect(ids.sort()).toEqual(Object.keys(cache.inserted).sort());
    expect(styleTags).toContain(`data-emotion="css ${chunks.at(-1)!.ids.join(' ')}"`);
  });
});
