import { es } from 'date-fns/locale/es';

/** Dates are shown in Spanish, with weeks starting on Monday (SPEC section 9). */
export const dateLocale = es;
