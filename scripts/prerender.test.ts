import { describe, expect, it } from 'vitest';
import { writePrerendered } from './prerender.ts';

const BUILT =
  '<!doctype html><html><head><title>x</title>\n' +
  '    <script type="module" crossorigin src="/static/js/index-abc.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/static/js/react-abc.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/static/js/utils-abc.js">\n' +
  '</head><body><div id="root"></div></body></html>';

describe('writePrerendered (the built index.html, decision 020)', () => {
  it('writes the screens after #root, their styles in the head, and hands the entry to the page script', () => {
    let given: unknown;
    const html = writePrerendered(
      BUILT,
      {
        screens: { login: '<main>Iniciar sesión</main>' },
        styleTags: '<style nonce="__CSP_NONCE__">a{}</style>',
      },
      (entry, preloads) => {
        given = { entry, preloads };
        return 'startApp();';
      },
    );

    expect(given).toEqual({
      entry: '/static/js/index-abc.js',
      preloads: ['/static/js/index-abc.js', '/static/js/react-abc.js', '/static/js/utils-abc.js'],
    });
    // The page names neither the entry nor its preloads: the page script starts them.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<style nonce="__CSP_NONCE__">a{}</style></head>');
    expect(html).toContain(
      '<div id="root"></div><template id="prerendered-login"><main>Iniciar sesión</main></template>' +
        '<script nonce="__CSP_NONCE__">startApp();</script></body>',
    );
  });

  it('fails the build when the page is not what it expects', () => {
    const prerendered = { screens: {}, styleTags: '' };
    expect(() => writePrerendered('<html><head></head><body></body></html>', prerendered, () => '')).toThrow(
      'index.html no tiene el módulo de entrada de Vite.',
    );
    expect(() =>
      writePrerendered(BUILT.replace('<div id="root"></div>', '<div id="app"></div>'), prerendered, () => ''),
    ).toThrow('index.html no tiene <div id="root"></div> vacío.');
  });
});
