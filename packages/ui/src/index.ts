export { theme } from './theme.ts';
export { documentPage } from './document-page.ts';
export { createStyleCache, readStyleNonce } from './style-nonce.ts';
