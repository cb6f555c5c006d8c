export { theme } from './theme.ts';
export { documentPage } from './document-page.ts';
