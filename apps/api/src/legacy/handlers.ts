import type { EndpointName } from '@prestamos-hn/contract';
import { accountHandlers } from './accounts.ts';
import { censusHandlers } from './census.ts';
import type { HandlerTable } from './handler.ts';
import { loanHandlers } from './loans.ts';
import { locationHandlers } from './location.ts';
import { notificationHandlers } from './notifications.ts';
import { paymentHandlers } from './payments.ts';
import { profileHandlers } from './profile.ts';
import { referenceDataHandlers } from './reference-data.ts';
import { sessionHandlers } from './session.ts';

/** Every row of the contract has its handler: a missing one is a compile error. */
export const handlers = {
  ...accountHandlers,
  ...censusHandlers,
  ...loanHandlers,
  ...locationHandlers,
  ...notificationHandlers,
  ...paymentHandlers,
  ...profileHandlers,
  ...referenceDataHandlers,
  ...sessionHandlers,
} satisfies HandlerTable<EndpointName>;
