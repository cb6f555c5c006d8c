// A Vite plugin for the borrower app (decision 020): its logged-out screens, /login and /registro,
// rendered at build time into index.html, so a visitor's first paint needs no script. The app's own
// module (src/app/prerender.tsx) does the rendering: this plugin loads it in Node through a Vite
// server of the same source, then writes into the page
//   - one data block `<script type="text/html" id="prerendered-…">` per screen, after #root: the
//     `<style>` elements of the rules it uses (Emotion's, with the nonce placeholder), then its markup;
//   - two inline scripts: the head's picks the screen and starts the app (the page itself names none
//     of its modules); the body's shows the screen before the first paint.
// The browser then hydrates that markup (main.tsx) instead of painting only once its script arrives.
import type { Plugin, PluginOption } from 'vite';
import { createServer } from 'vite';

/** What the app's prerender module exports (apps/borrower/src/app/prerender.tsx). */
interface PrerenderModule {
  prerender(): Promise<Record<string, PrerenderedMarkup>>;
  headScript(entry: string, preloads: string[]): string;
  bodyScript(): string;
}

interface PrerenderedMarkup {
  styleTags: string;
  markup: string;
}

const ROOT = '<div id="root"></div>';

export interface PrerenderOptions {
  /** The module that renders, from the app's root: '/src/app/prerender.tsx'. */
  entry: string;
  /** The plugins that compile the app's source (React's), as the build uses them. */
  plugins: PluginOption[];
  define?: Record<string, string>;
}

/** The entry module and the preloads of its imports, as Vite writes them into the built page. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Writes the prerendered screens and the two page scripts into the built index.html.
 * - Each screen (its `<style>` elements, then its markup) after #root as a data block,
 *   `<script type="text/html">`: the browser reads its text as it reads the page but builds no node
 *   of it (a `<template>`'s nodes cost a logged-in visit about 0.1 s of parsing on the 4x slower
 *   CPU). Then the body script that shows the chosen one.
 * - The head script last in the head. The page names neither the entry module nor its preloads any
 *   more: the head script starts them.
 * No nonce on either script: the server names each by its hash (apps/api/src/web/static.ts).
 */
export function writePrerendered(
  html: string,
  screens: Record<string, PrerenderedMarkup>,
  scripts: Pick<PrerenderModule, 'headScript' | 'bodyScript'>,
): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html no tiene el módulo de entrada de Vite.');
  const preloads = [entry, ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)];
  if (!html.includes(ROOT)) throw new Error(`index.html no tiene ${ROOT} vacío.`);
  if (!html.includes('</head>')) throw new Error('index.html no tiene </head>.');
  const blocks = Object.entries(screens)
    .map(([screen, { styleTags, markup }]) => {
      const text = `${styleTags}${markup}`;
      // React escapes every '<' in text and attributes, so only a rule could end the block early.
      if (/<\/script/i.test(text)) throw new Error(`La pantalla ${screen} contiene «</script».`);
      return `<script type="text/html" id="prerendered-${screen}">${text}</script>`;
    })
    .join('');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `<script>${scripts.headScript(entry, preloads)}</script></head>`)
    .replace(ROOT, `${ROOT}${blocks}<script>${scripts.bodyScript()}</script>`);
}

export function prerender(options: PrerenderOptions): Plugin {
  let root = process.cwd();
  let mode = 'production';
  return {
    name: 'prestamos-hn:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        // The app's source as Node runs it: same root (and so the same .env), mode and defines.
        const server = await createServer({
          configFile: false,
          root,
          mode,
          logLevel: 'error',
          appType: 'custom',
          plugins: options.plugins,
          define: options.define,
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const module = (await server.ssrLoadModule(options.entry)) as PrerenderModule;
          return writePrerendered(html, await module.prerender(), module);
        } finally {
          await server.close();
        }
      },
    },
  };
}
