import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { appViteConfig } from './vite-app.ts';

/** Builds a one-module app with the shared configuration and answers the index.html Vite writes. */
async function builtIndex(base?: string, css?: string): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'prestamos-vite-app-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html lang="es"><head><meta name="robots" content="noindex" /></head>' +
      '<body><div id="root"></div><script type="module" src="/main.ts"></script></body></html>',
  );
  writeFileSync(path.join(root, 'main.ts'), `${css ? "import './main.css';\n" : ''}document.title = 'x';\n`);
  if (css) writeFileSync(path.join(root, 'main.css'), css);
  const config = appViteConfig({ base, plugins: [], proxyPaths: [] });
  const output = (await build({
    ...config,
    configFile: false,
    root,
    logLevel: 'silent',
    build: { ...config.build, write: false },
  })) as Rollup.RollupOutput;
  const index = output.output.find((file) => file.fileName === 'index.html');
  return (index as Rollup.OutputAsset).source.toString();
}

describe('the shared head of both apps (appViteConfig)', () => {
  it('puts what the server fills in, the charset first and zod before any module', async () => {
    const html = await builtIndex();
    const head = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
    expect(head.trimStart()).toMatch(/^<meta charset="UTF-8">/);
    // apps/api/src/web/static.ts replaces these two placeholders in every response.
    expect(head).toContain('<meta property="csp-nonce" nonce="__CSP_NONCE__">');
    expect(head).toContain('<meta name="app-brand" content="__BRAND_NAME__">');
    expect(head).toContain('<title>__BRAND_NAME__</title>');
    expect(head).toContain('<meta name="theme-color" content="#4c74e9">');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    // Deferred: it runs before the entry module (scripts run in document order), without blocking the first paint.
    const zod = head.indexOf('<script src="/zod-config.js" defer></script>');
    const entry = head.indexOf('<script type="module"');
    expect(zod).toBeGreaterThan(-1);
    expect(entry).toBeGreaterThan(zod);
  });

  it('gives the public files the app base (the back-office is served at /backoffice/)', async () => {
    const html = await builtIndex('/backoffice/');
    expect(html).toContain('<script src="/backoffice/zod-config.js" defer></script>');
    expect(html).toContain('href="/backoffice/favicon.svg"');
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/backoffice\/static\/js\/index-[\w-]+\.js">/,
    );
  });

  it("writes the entry's small stylesheet into the page with the response's nonce, and links a large one", async () => {
    const fonts = '@font-face{font-family:Roboto;font-display:swap;src:url(/f.woff2)format("woff2")}';
    const html = await builtIndex(undefined, fonts);
    expect(html).toMatch(/<style nonce="__CSP_NONCE__">@font-face\{font-family:Roboto;[^<]*<\/style>/);
    expect(html).not.toContain('rel="stylesheet"');
    const rules = Array.from({ length: 400 }, (_, i) => `.b${i}{margin:${i}px}`).join('\n');
    const large = await builtIndex(undefined, rules);
    expect(large).toMatch(/<link rel="stylesheet" crossorigin href="\/static\/media\/index-[\w-]+\.css">/);
    expect(large).not.toContain('<style');
  });
});
