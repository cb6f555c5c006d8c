import createCache, { type EmotionCache } from '@emotion/cache';

/** The server replaces this in index.html with the response's nonce (apps/api/src/web/style-nonce.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The style nonce the server put in this page's index.html (`<meta property="csp-nonce" nonce="…">`,
 * a new one per response, the same the Content-Security-Policy's `style-src` names), or undefined
 * where there is none (Vite's dev server, unit tests). The browser hides the attribute once the
 * page has a policy; the element's `nonce` property keeps it.
 */
export function readStyleNonce(doc: Document | undefined = globalThis.document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

/**
 * MUI's emotion cache with the page's nonce on every `<style>` it injects, so the policy needs no
 * `'unsafe-inline'` for styles (docs/security.md, issue 15 point 10). One per app, made once.
 */
export function createStyleCache(doc?: Document): EmotionCache {
  return createCache({ key: 'css', nonce: readStyleNonce(doc) });
}
