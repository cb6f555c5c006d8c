/**
 * Home screen texts the SPEC only describes (section 4): the Holy Week closure and the "24 business
 * hours" notice, written here in plain Spanish (tú). The review outcomes 0-5 are the domain's.
 */
import { HOLY_WEEK_CLOSURE, PROFILE_VALIDATION_BUSINESS_HOURS } from '@prestamos-hn/domain';

export const HELP_LINK_LABEL = 'Ver ayuda';
export const PROFILE_LINK_LABEL = 'Ir a mi perfil';

/** The notice while the profile waits for its review (no outcome of yesterday to show). */
export const CHANGES_RECEIVED_TEXT = `Recibimos tus datos. Te responderemos en un plazo de ${PROFILE_VALIDATION_BUSINESS_HOURS} horas hábiles.`;

/** The Aplicar tile during the Holy Week closure (16-19 April). */
export const HOLY_WEEK_MESSAGE = `Por Semana Santa no recibimos solicitudes del ${HOLY_WEEK_CLOSURE.firstDay} al ${HOLY_WEEK_CLOSURE.lastDay} de abril. Podrás aplicar de nuevo a partir del ${HOLY_WEEK_CLOSURE.lastDay + 1} de abril.`;

export const ABOUT_LABEL = 'Acerca de';
/** The credits the gazetteer's licences require (the server's offline reverse geocoding). */
export const DATA_CREDITS = [
  {
    text: 'Contiene datos de GeoNames (geonames.org), CC BY 4.0',
    href: 'https://www.geonames.org/',
  },
  {
    text: 'Datos de Countries States Cities Database, github.com/dr5hn/countries-states-cities-database, ODbL v1.0',
    href: 'https://github.com/dr5hn/countries-states-cities-database',
  },
] as const;
