// @vitest-environment node
// As the build runs it (scripts/prerender.ts): in Node, where Emotion collects styles instead of
// injecting them.
import { describe, expect, it } from 'vitest';
import { EARLY_CALLS } from '../lib/early-calls';
import { earlyCallTable, prerender } from './prerender';

describe('prerender (the screens for index.html, decision 020)', () => {
  it("renders /login, /registro and Inicio's splash as the app does, each with the styles it uses", async () => {
    const screens = await prerender();
    const { login, registro } = screens;

    expect(login.markup).toContain('<h1');
    expect(login.markup).toContain('Iniciar sesión');
    expect(login.markup).toContain('Ingresar');
    // Links as the hash router writes them.
    expect(login.markup).toContain('href="#/registro"');
    expect(registro.markup).toContain('ETAPA1: Crea tu perfil');
    expect(registro.markup).toContain('Número de identidad');
    expect(registro.markup).toContain('href="#/login"');
    // Inicio's splash: the brand the server fills in, and the labelled progress indicator.
    expect(screens.inicio.markup).toMatch(/<h1[^>]*>__BRAND_NAME__<\/h1>/);
    expect(screens.inicio.markup).toContain('aria-label="Cargando la aplicación"');
    expect(screens.inicio.markup).toContain('<main');

    // No inline style attribute: the page's policy would refuse it.
    for (const { markup } of Object.values(screens)) expect(markup).not.toMatch(/ style="/);
    expect(login.markup).toContain('data-prerendered-style="');

    // Every class a screen names is in one of its own <style> elements, which carry the nonce
    // placeholder, named in its data-emotion attribute: how the browser's style cache knows not to
    // insert it again.
    for (const { styleTags, markup } of Object.values(screens)) {
      for (const tag of styleTags.match(/<style[^>]*>/g)!) expect(tag).toContain('nonce="__CSP_NONCE__"');
      const written = new Set(/<style data-emotion="css ([^"]+)"/.exec(styleTags)![1]!.split(' '));
      for (const [, id] of markup.matchAll(/\bcss-([a-zA-Z0-9-]+)/g)) expect(written).toContain(id);
      // The baseline (CssBaseline's global rules) comes with each screen.
      expect(styleTags).toContain('data-emotion="css-global ');
    }
  });
});

describe('earlyCallTable (the early calls the head script sends, lib/early-calls.ts)', () => {
  it("writes every address's calls as the API client does: session reads, by POST, under the API base", () => {
    const table = earlyCallTable();
    expect(Object.keys(table).sort()).toEqual(Object.keys(EARLY_CALLS).sort());
    expect(table['/perfil']).toEqual([
      '/api/app/getProfile.php',
      '/api/app/getWalletInfo.php',
      '/api/app/getFieldConstructor.php',
      '/api/app/getLocations.php',
    ]);
    expect(table['/plan/:id']).toEqual(['/api/app/getCustomerOfferList.php']);
  });
});
