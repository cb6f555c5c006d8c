// The borrower app's service worker (decision 018): after Vite has written the app, Workbox's
// generateSW writes `sw.js` beside index.html. It precaches the app shell and the static files, so a
// repeat visit opens with no network at all, and answers every navigation with the cached shell.
// It never takes over by itself: a new worker waits until the page says so (the version check's
// restart, features/version-check), so a page never runs a mix of two versions' chunks.
import path from 'node:path';
import type { Plugin } from 'vite';
import { generateSW } from 'workbox-build';

export function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'prestamos-hn:service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { count, size, warnings } = await generateSW({
        swDest: path.join(outDir, 'sw.js'),
        globDirectory: outDir,
        // The shell (the server fills in the brand and the response's style nonce: the worker keeps
        // the page the server answered), the built scripts, styles, fonts and images, and the public
        // files. Never the .br/.gz copies, Vite's manifest, nor versionjs.txt (always asked fresh).
        globPatterns: [
          'index.html',
          '*.{js,svg,png}',
          'icons/*.png',
          'static/**/*.{js,css,woff2,woff,svg,png,webp,jpg}',
        ],
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'sw.js'],
        // Hashed names change with their content: no revision query needed.
        dontCacheBustURLsMatching: /^static\//,
        navigateFallback: '/index.html',
        // The API, the dev outbox and the back-office (same origin, under this worker's scope) are
        // never answered with the borrower's shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/backoffice(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // A new worker waits for the page's SKIP_WAITING message (lib/service-worker.ts).
        skipWaiting: false,
        // One file, served with `no-cache` like index.html; no eval (the policy has no 'unsafe-eval').
        inlineWorkboxRuntime: true,
        mode: 'production',
        sourcemap: false,
        cacheId: 'prestamos-hn',
      });
      for (const warning of warnings) this.warn(warning);
      this.info?.(`sw.js: ${count} files precached (${Math.round(size / 1024)} kB)`);
    },
  };
}
