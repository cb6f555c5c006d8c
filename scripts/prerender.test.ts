import { describe, expect, it } from 'vitest';
import { writePrerendered } from './prerender.ts';

const BUILT =
  '<!doctype html><html><head><title>x</title>\n' +
  '    <script type="module" crossorigin src="/static/js/index-abc.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/static/js/react-abc.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/static/js/utils-abc.js">\n' +
  '</head><body><div id="root"></div></body></html>';

describe('writePrerendered (the built index.html, decision 020)', () => {
  it('writes each screen with its styles after #root, the two page scripts, and hands them the modules', () => {
    let given: unknown;
    const html = writePrerendered(
      BUILT,
      {
        login: {
          styleTags: '<style nonce="__CSP_NONCE__">a{}</style>',
          markup: '<main>Iniciar sesión</main>',
        },
      },
      {
        headScript: (entry, preloads) => {
          given = { entry, preloads };
          return 'chooseAndStart();';
        },
        bodyScript: () => 'show();',
      },
    );

    expect(given).toEqual({
      entry: '/static/js/index-abc.js',
      preloads: ['/static/js/index-abc.js', '/static/js/react-abc.js', '/static/js/utils-abc.js'],
    });
    // The page names neither the entry nor its preloads: the head script starts them.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script>chooseAndStart();</script></head>');
    expect(html).toContain(
      '<div id="root"></div><script type="text/html" id="prerendered-login"><style nonce="__CSP_NONCE__">a{}</style>' +
        '<main>Iniciar sesión</main></script><script>show();</script></body>',
    );
  });

  it('fails the build when the page is not what it expects, or a screen would end its block early', () => {
    const scripts = { headScript: () => '', bodyScript: () => '' };
    expect(() =>
      writePrerendered(
        BUILT,
        { login: { styleTags: '<style>a{content:"</script>"}</style>', markup: '' } },
        scripts,
      ),
    ).toThrow('La pantalla login contiene «</script».');
    expect(() => writePrerendered('<html><head></head><body></body></html>', {}, scripts)).toThrow(
      'index.html no tiene el módulo de entrada de Vite.',
    );
    expect(() =>
      writePrerendered(BUILT.replace('<div id="root"></div>', '<div id="app"></div>'), {}, scripts),
    ).toThrow('index.html no tiene <div id="root"></div> vacío.');
  });
});
