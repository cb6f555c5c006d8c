import { recordLocation } from '../services/locations.ts';
import type { HandlerTable } from './handler.ts';

export const locationHandlers = {
  // The body's `idClient` and `ip` are what the browser claims: the session says who, the
  // connection says from where.
  post_locations: ({ deps, session, input, ip }) =>
    recordLocation(deps, {
      borrowerId: session.borrowerId,
      latitude: input.latitude,
      longitude: input.longitude,
      ip,
      browser: input.navegador,
      os: input.sistema_operativo,
    }),
} satisfies HandlerTable<'post_locations'>;
