import type { z } from 'zod';
import { accountCalls } from './calls/accounts.ts';
import { censusCalls } from './calls/census.ts';
import { chatCalls } from './calls/chat.ts';
import { loanCalls } from './calls/loans.ts';
import { locationCalls } from './calls/location.ts';
import { notificationCalls } from './calls/notifications.ts';
import { paymentCalls } from './calls/payments.ts';
import { profileCalls } from './calls/profile.ts';
import { referenceDataCalls } from './calls/reference-data.ts';
import { sessionCalls } from './calls/session.ts';
import type { EndpointDef } from './endpoint.ts';

/**
 * The legacy contract as a table: one row per call of SPEC section 7, added as features are built.
 * The API registers a route per row; the borrower's `callLegacy(name, input)` is typed from it.
 */
export const endpoints = {
  ...accountCalls,
  ...censusCalls,
  ...chatCalls,
  ...loanCalls,
  ...locationCalls,
  ...notificationCalls,
  ...paymentCalls,
  ...profileCalls,
  ...referenceDataCalls,
  ...sessionCalls,
} satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type PayloadOf<N extends EndpointName> = z.output<Endpoints[N]['payload']>;

export const endpointNames = Object.keys(endpoints) as EndpointName[];
