import type { EndpointName, PayloadOf, RequestOf } from '@prestamos-hn/contract';
// From the domain (tree-shaken), not the contract: the contract's index brings every call's schemas
// (and zod) into the first load, which this module exists to keep small.
import { fetchErrorMessage } from '@prestamos-hn/domain';
import type * as ApiClient from './api-client';
import { NetworkError } from './api-errors';
import { loadOnce } from './load-once';

// The API client with the contract's table of every call and Zod is a third of the public screens'
// JavaScript. /login paints its form without it: it downloads when the person
// first touches the form (`preloadApiClient`), and a submit made before it arrived waits for it.

/** Starts downloading the API client (once; again after a failure); answers the module. */
export const preloadApiClient: () => Promise<typeof ApiClient> = loadOnce(() =>
  import('./api-client').catch((error: unknown) => {
    throw new NetworkError(fetchErrorMessage(error), { cause: error });
  }),
);

/** `callLegacy`, once the API client is here. Throws what `callLegacy` throws. */
export async function callLegacyOnDemand<N extends EndpointName>(
  name: N,
  input: RequestOf<N>,
  options: { signal?: AbortSignal } = {},
): Promise<PayloadOf<N>> {
  const { callLegacy } = await preloadApiClient();
  return callLegacy(name, input, options);
}
