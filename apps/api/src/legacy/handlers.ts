import type { EndpointName } from '@prestamos-hn/contract';
import { accountHandlers } from './accounts.ts';
import { censusHandlers } from './census.ts';
import { chatHandlers } from './chat.ts';
import type { HandlerTable, OneStatementHandler, OneStatementTable } from './handler.ts';
import { loanHandlers, loanOneStatementHandlers } from './loans.ts';
import { locationHandlers } from './location.ts';
import { notificationHandlers, notificationOneStatementHandlers } from './notifications.ts';
import { paymentHandlers } from './payments.ts';
import { profileHandlers, profileOneStatementHandlers } from './profile.ts';
import { referenceDataHandlers } from './reference-data.ts';
import { sessionHandlers } from './session.ts';

/** The session calls that check their session in one statement with their own read. */
export const oneStatementHandlers = {
  ...loanOneStatementHandlers,
  ...notificationOneStatementHandlers,
  ...profileOneStatementHandlers,
} satisfies OneStatementTable<OneStatementName>;

type OneStatementName =
  | keyof typeof loanOneStatementHandlers
  | keyof typeof notificationOneStatementHandlers
  | keyof typeof profileOneStatementHandlers;

export function oneStatementHandlerOf(name: EndpointName): OneStatementHandler<EndpointName> | undefined {
  return (oneStatementHandlers as Partial<Record<EndpointName, OneStatementHandler<EndpointName>>>)[name];
}

/** Every other row of the contract has its handler: a missing one is a compile error. */
export const handlers = {
  ...accountHandlers,
  ...censusHandlers,
  ...loanHandlers,
  ...chatHandlers,
  ...locationHandlers,
  ...notificationHandlers,
  ...paymentHandlers,
  ...profileHandlers,
  ...referenceDataHandlers,
  ...sessionHandlers,
} satisfies HandlerTable<Exclude<EndpointName, OneStatementName>>;
