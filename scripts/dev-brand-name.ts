// A Vite plugin for both front ends: in production the server puts the brand name into index.html
// (apps/api/src/web/static.ts); the dev server does it here, with the default brand.
import type { Plugin } from 'vite';
import { BRAND_NAME_PLACEHOLDER, DEFAULT_BRAND_NAME } from '../packages/ui/src/brand.ts';

export function devBrandName(): Plugin {
  return {
    name: 'prestamos-hn:dev-brand-name',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll(BRAND_NAME_PLACEHOLDER, DEFAULT_BRAND_NAME),
  };
}
