// The Vite configuration both front ends share. Each app's index.html holds only what is its own
// (robots or description, the <noscript> sentence, the root and the entry script); the head that the
// server and the security policy rely on is written here once, and the two apps share one public
// folder (packages/ui/public: the icon and zod's configuration).
import { fileURLToPath } from 'node:url';
import type { HtmlTagDescriptor, Plugin, PluginOption, UserConfig } from 'vite';
import { THEME } from '../packages/domain/src/constants.ts';
import { BRAND_NAME_PLACEHOLDER } from '../packages/ui/src/brand.ts';
import { CSP_NONCE_PLACEHOLDER } from '../packages/ui/src/style-nonce.ts';
import { devBrandName } from './dev-brand-name.ts';
import { precompress } from './precompress.ts';

/** A tag at the start of <head>. */
const headTag = (
  tag: string,
  attrs: Record<string, string | boolean>,
  children?: string,
): HtmlTagDescriptor => ({
  tag,
  attrs,
  children,
  injectTo: 'head-prepend',
});

/**
 * The head both apps share, first in <head>. `order: 'pre'` puts it into the page before Vite reads
 * the page's scripts and links (so the public files get the app's base) and before the dev server
 * fills in the brand.
 */
function sharedHead(): Plugin {
  const tags = [
    headTag('meta', { charset: 'UTF-8' }),
    headTag('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    headTag('meta', { name: 'theme-color', content: THEME.primaryColor }),
    // readBrandName (packages/ui/src/brand.ts) reads the brand the server wrote here.
    headTag('meta', { name: 'app-brand', content: BRAND_NAME_PLACEHOLDER }),
    // This response's style nonce (CSP style-src, MUI's emotion cache: packages/ui/src/style-nonce.ts).
    headTag('meta', { property: 'csp-nonce', nonce: CSP_NONCE_PLACEHOLDER }),
    // Before any module: zod without its eval probe (the policy has no 'unsafe-eval'). Deferred, it
    // runs before the entry module all the same (document order) and does not hold up the first paint.
    headTag('script', { src: '/zod-config.js', defer: true }),
    headTag('link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }),
    headTag('title', {}, BRAND_NAME_PLACEHOLDER),
  ];
  return {
    name: 'prestamos-hn:shared-head',
    transformIndexHtml: { order: 'pre', handler: () => tags },
  };
}

/** A stylesheet this small or smaller is written into index.html instead of linked (bytes). */
const INLINE_STYLESHEET_MAX_BYTES = 4096;

/**
 * The entry's small stylesheet (Roboto's `@font-face` rules, under 1 KB) written into index.html as a
 * `<style>` with the response's nonce, in place of its `<link>`: a linked stylesheet holds the first
 * paint back by one more request (Lighthouse's render-blocking audit on /login's first visit, issue
 * 33), and the fonts are found as the HTML is read. A larger one stays linked, cached on its own.
 */
function inlineSmallStylesheets(): Plugin {
  return {
    name: 'prestamos-hn:inline-small-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const assets = Object.values(ctx.bundle ?? {});
        return html.replace(
          /<link rel="stylesheet"[^>]* href="([^"]+\.css)"[^>]*>/g,
          (link, href: string) => {
            const asset = assets.find((file) => file.type === 'asset' && href.endsWith(`/${file.fileName}`));
            if (asset?.type !== 'asset') return link;
            const css =
              typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
            if (Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES || css.includes('</')) return link;
            return `<style nonce="${CSP_NONCE_PLACEHOLDER}">${css}</style>`;
          },
        );
      },
    },
  };
}

export interface AppViteOptions {
  /** Where the server serves the app (the back-office: '/backoffice/'). */
  base?: string;
  /** The app's plugins: React's (each app depends on @vitejs/plugin-react itself) and its own. */
  plugins: PluginOption[];
  define?: Record<string, string>;
  /** Paths the dev server (`npm run dev -w apps/<app>`) forwards to `npm start` on port 3000. */
  proxyPaths: string[];
  /** In kB: a larger chunk makes Vite warn (its default: 500). */
  chunkSizeWarningLimit?: number;
}

export function appViteConfig(options: AppViteOptions): UserConfig {
  return {
    base: options.base,
    publicDir: fileURLToPath(new URL('../packages/ui/public', import.meta.url)),
    plugins: [...options.plugins, sharedHead(), inlineSmallStylesheets(), devBrandName(), precompress()],
    define: options.define,
    server: { proxy: Object.fromEntries(options.proxyPaths.map((p) => [p, 'http://127.0.0.1:3000'])) },
    build: {
      // dist/.vite/manifest.json: each screen's chunks and static imports, read by `npm run size`.
      manifest: true,
      chunkSizeWarningLimit: options.chunkSizeWarningLimit,
      // Lazy chunks live under static/js at the site root (SPEC section 7).
      rolldownOptions: {
        output: {
          entryFileNames: 'static/js/[name]-[hash].js',
          chunkFileNames: 'static/js/[name]-[hash].js',
          assetFileNames: 'static/media/[name]-[hash][extname]',
          // React DOM in a file of its own, not inside the entry: the page evaluates the entry's
          // imports a file per task before the entry (decision 024), and React DOM was most of
          // the entry's one long evaluation on a slow core. React itself comes with it (a group takes
          // its modules' dependencies). `npm run size` counts it as before: first-load either way.
          codeSplitting: {
            groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
  };
}
