export { theme } from './theme.ts';
export { documentPage } from './document-page.ts';
export { createStyleCache, CSP_NONCE_PLACEHOLDER, readStyleNonce } from './style-nonce.ts';
export { BRAND_NAME_PLACEHOLDER, DEFAULT_BRAND_NAME, readBrandName } from './brand.ts';
