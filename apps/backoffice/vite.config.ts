import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appViteConfig } from '../../scripts/vite-app.ts';

// The server serves this app at /backoffice/ (with a fallback to index.html for its routes).
export default defineConfig(
  appViteConfig({
    base: '/backoffice/',
    plugins: [react()],
    proxyPaths: ['/api'],
    // A staff app on office connections: react-admin's core (~170 kB gzipped) is one chunk, screens split.
    chunkSizeWarningLimit: 700,
  }),
);
