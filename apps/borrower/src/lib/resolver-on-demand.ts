import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/**
 * A react-hook-form resolver whose schema (and Zod) downloads on first use: a form validates on
 * submit, so its first paint does not wait for the validation code. `load` runs once; a failed
 * download is tried again on the next validation.
 */
export function resolverOnDemand<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> & { preload: () => void } {
  const get = loadOnce(load);
  const resolver: Resolver<Input, Context, Output> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => {}) });
}
