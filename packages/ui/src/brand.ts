/** The brand when the server has not set one (the server's own default, `BRAND_NAME` in apps/api/src/config.ts, is the same). */
export const DEFAULT_BRAND_NAME = 'Préstamos HN';

/** The server replaces this in index.html with the configured, HTML-escaped brand name. */
export const BRAND_NAME_PLACEHOLDER = '__BRAND_NAME__';

/** Reads the brand name the server wrote into `<meta name="app-brand">` at run time. */
export function readBrandName(doc: Pick<Document, 'querySelector'>): string {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="app-brand"]')?.content.trim();
  return content && content !== BRAND_NAME_PLACEHOLDER ? content : DEFAULT_BRAND_NAME;
}
