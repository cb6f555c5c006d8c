// Roboto ships with the app (latin subset, only the weights the theme uses); never from a CDN.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { CacheProvider } from '@emotion/react';
import { createStyleCache } from '@prestamos-hn/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html.');

createRoot(container).render(
  <StrictMode>
    {/* Every style MUI injects carries the page's CSP nonce (no 'unsafe-inline'). */}
    <CacheProvider value={createStyleCache()}>
      <App />
    </CacheProvider>
  </StrictMode>,
);
