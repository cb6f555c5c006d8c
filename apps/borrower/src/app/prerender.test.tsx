// @vitest-environment node
// As the build runs it (scripts/prerender.ts): in Node, where Emotion collects styles instead of
// injecting them.
import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

describe('prerender (the logged-out screens for index.html, decision 020)', () => {
  it('renders /login and /registro as the app does, with the styles they use', async () => {
    const { screens, styleTags } = await prerender();

    expect(screens.login).toContain('<h1');
    expect(screens.login).toContain('Iniciar sesión');
    expect(screens.login).toContain('Ingresar');
    // Links as the hash router writes them.
    expect(screens.login).toContain('href="#/registro"');
    expect(screens.registro).toContain('ETAPA1: Crea tu perfil');
    expect(screens.registro).toContain('Número de identidad');
    expect(screens.registro).toContain('href="#/login"');

    // No inline style attribute: the page's policy would refuse it.
    for (const markup of Object.values(screens)) expect(markup).not.toMatch(/ style="/);
    expect(screens.login).toContain('data-prerendered-style="');

    // Every class the markup names is in a <style> that carries the nonce placeholder, named in its
    // data-emotion attribute, which is how the browser's style cache knows not to insert it again.
    for (const tag of styleTags.match(/<style[^>]*>/g)!) expect(tag).toContain('nonce="__CSP_NONCE__"');
    const written = new Set(/<style data-emotion="css ([^"]+)"/.exec(styleTags)![1]!.split(' '));
    const named = Object.values(screens)
      .join('')
      .matchAll(/\bcss-([a-zA-Z0-9-]+)/g);
    for (const [, id] of named) expect(written).toContain(id);
  });
});
