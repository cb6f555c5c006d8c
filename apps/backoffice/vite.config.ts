import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { devBrandName } from '../../scripts/dev-brand-name.ts';
import { precompress } from '../../scripts/precompress.ts';

// The server serves this app at /backoffice/ (with a fallback to index.html for its routes).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), devBrandName(), precompress()],
  // `npm run dev -w apps/backoffice` next to `npm start` (the server on its default port 3000).
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    // dist/.vite/manifest.json: each screen's chunks and static imports, read by `npm run size`.
    manifest: true,
    // A staff app on office connections: react-admin's core (~170 kB gzipped) is one chunk, screens split.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
      },
    },
  },
});
