import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };
import { muiThemeWithoutCssVars } from '../../scripts/mui-theme-without-css-vars.ts';
import { prerender } from '../../scripts/prerender.ts';
import { serviceWorker } from '../../scripts/service-worker.ts';
import { appViteConfig } from '../../scripts/vite-app.ts';

// The app's version is the repository's version: embedded in the bundle and published beside it as
// `versionjs.txt`, which the running app polls to notice a new deploy (SPEC sections 7 and 9).
// BUILD_APP_VERSION builds another version of the same code: the journey that deploys a new version
// over the running app (e2e/update.spec.ts).
const appVersion = process.env.BUILD_APP_VERSION ?? rootPackage.version;

function versionFile(version: string): Plugin {
  return {
    name: 'prestamos-hn:version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'versionjs.txt', source: version });
    },
  };
}

const define = { __APP_VERSION__: JSON.stringify(appVersion) };

/**
 * `vite build --ssr src/app/server-render.tsx` (the build's second step): the server render of the logged-in screens
 * (src/app/server-render.tsx, decision 024) for the API server, into dist-server/, outside the
 * folder the server publishes. Its packages are bundled in, as their production builds: React, MUI
 * and Emotion must render what the browser's production build will hydrate, whatever NODE_ENV the
 * server runs with (development builds name every style differently, and the browser would insert
 * all of a screen's rules again as it hydrates).
 */
const serverRenderConfig: UserConfig = {
  plugins: [react(), muiThemeWithoutCssVars()],
  define: { ...define, 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    copyPublicDir: false,
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderConfig
    : appViteConfig({
        plugins: [
          react(),
          muiThemeWithoutCssVars(),
          versionFile(appVersion),
          // /login and /registro rendered into index.html, before the service worker lists it.
          prerender({ entry: '/src/app/prerender.tsx', plugins: [react()], define }),
          serviceWorker(),
        ],
        define,
        proxyPaths: ['/api', '/versionjs.txt'],
      }),
);
