import type { EndpointName } from '@prestamos-hn/contract';

/**
 * Early calls (issue 33): the calls a logged-in screen makes first, with nothing but the session,
 * are sent by index.html's head script as the page is read (app/prerender.tsx), while the app's
 * code is still downloading and evaluating; the app's own call then takes that answer instead of
 * sending the same request again (`takeEarlyCall`, in lib/api-client.ts). On a slow phone the data
 * is there when the screen first renders, instead of one round trip after it.
 */

/**
 * Per address (path, lower case; `:id` for one last segment), the calls its first render makes with
 * an empty input: the same requests, byte for byte, as the app's. Only reads.
 */
// Inicio (and the help chat over it): the profile, the loans and the chat's unread count.
const INICIO: readonly EndpointName[] = ['getProfile', 'getCustomerOfferList', 'getChatUnread'];
// /plan and /historial start from the loan list.
const LOANS: readonly EndpointName[] = ['getCustomerOfferList'];

export const EARLY_CALLS: Readonly<Record<string, readonly EndpointName[]>> = {
  '': INICIO,
  '/': INICIO,
  '/main': INICIO,
  '/chat': INICIO,
  '/perfil': ['getProfile', 'getWalletInfo', 'getFieldConstructor', 'getLocations'],
  '/plan': LOANS,
  '/plan/:id': LOANS,
  '/historial': LOANS,
};

/**
 * The addresses of the calls to send early at this address, from `table` (EARLY_CALLS with each
 * call's URL). It runs in index.html's head script, as its own source text: it uses nothing outside
 * its parameters.
 */
export function earlyCallUrls(hash: string, table: Record<string, string[]>): string[] {
  const address = hash.replace(/^#/, '');
  const queryAt = address.indexOf('?');
  const path = (queryAt === -1 ? address : address.slice(0, queryAt)).toLowerCase();
  if (Object.prototype.hasOwnProperty.call(table, path)) return table[path]!;
  const withId = path.replace(/\/[^/]+$/, '/:id');
  return withId !== path && Object.prototype.hasOwnProperty.call(table, withId) ? table[withId]! : [];
}

/** Where the head script leaves the calls it sent (a property of `window`). */
export const EARLY_CALLS_PROPERTY = 'prestamosEarlyCalls';

/** An answer older than this is not used: the app asks again. */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

/** One call the head script sent: its address and body, when (performance.now()), and its answer. */
export interface EarlyCall {
  url: string;
  body: string;
  sentAt: number;
  response: Promise<Response>;
}

/**
 * The answer of an early call with this address and body, once: it is taken out, so a later call
 * (a refresh, a retry) goes to the network. Null when there is none, or when it is older than
 * EARLY_CALL_MAX_AGE_MS.
 */
export function takeEarlyCall(
  url: string,
  body: string,
  now: number = performance.now(),
  holder: object = window,
): Promise<Response> | null {
  const calls = (holder as Record<string, unknown>)[EARLY_CALLS_PROPERTY];
  if (!Array.isArray(calls)) return null;
  const index = (calls as EarlyCall[]).findIndex((call) => call.url === url && call.body === body);
  if (index === -1) return null;
  const [call] = (calls as EarlyCall[]).splice(index, 1);
  return now - call!.sentAt <= EARLY_CALL_MAX_AGE_MS ? call!.response : null;
}
