import { lookUpIdentity } from '../services/census.ts';
import type { HandlerTable } from './handler.ts';

export const censusHandlers = {
  validardatoscenso: ({ deps, input }) => lookUpIdentity(deps, input.numero_identidad),
} satisfies HandlerTable<'validardatoscenso'>;
