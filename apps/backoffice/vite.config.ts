import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { BRAND_NAME_PLACEHOLDER, DEFAULT_BRAND_NAME } from './src/config/brand.ts';
import { precompress } from '../../scripts/precompress.ts';

// In production the server puts the brand name into index.html; the dev server does it here.
function devBrandName(): Plugin {
  return {
    name: 'prestamos-hn:dev-brand-name',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll(BRAND_NAME_PLACEHOLDER, DEFAULT_BRAND_NAME),
  };
}

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
