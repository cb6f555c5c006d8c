import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };
import { devBrandName } from '../../scripts/dev-brand-name.ts';
import { precompress } from '../../scripts/precompress.ts';

// The app's version is the repository's version: embedded in the bundle and published beside it as
// `versionjs.txt`, which the running app polls to notice a new deploy (SPEC sections 7 and 9).
const appVersion = rootPackage.version;

function versionFile(version: string): Plugin {
  return {
    name: 'prestamos-hn:version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'versionjs.txt', source: version });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(appVersion), devBrandName(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // `npm run dev -w apps/borrower` next to `npm start` (the server on its default port 3000).
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/versionjs.txt': 'http://127.0.0.1:3000' } },
  build: {
    // dist/.vite/manifest.json: each route's chunks and static imports, read by `npm run size`.
    manifest: true,
    // Lazy chunks live under static/js at the site root (SPEC section 7).
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
      },
    },
  },
});
