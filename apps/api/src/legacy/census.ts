import { lookUpIdentityForSignUp } from '../services/census.ts';
import type { HandlerTable } from './handler.ts';

export const censusHandlers = {
  validardatoscenso: ({ deps, input }) => lookUpIdentityForSignUp(deps, input.numero_identidad),
} satisfies HandlerTable<'validardatoscenso'>;
