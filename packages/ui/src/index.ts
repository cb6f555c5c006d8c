export { theme } from './theme.ts';
