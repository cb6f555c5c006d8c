import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { resolverOnDemand } from './resolver-on-demand';

type Fields = { email: string };
const ok: Resolver<Fields> = async (values) => ({ values, errors: {} });
const options = { shouldUseNativeValidation: false, fields: {} } as Parameters<Resolver<Fields>>[2];

describe('resolverOnDemand', () => {
  it('loads the real resolver once, on first use or preload, and validates with it', async () => {
    const load = vi.fn(async () => ok);
    const resolver = resolverOnDemand(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    expect(await resolver({ email: 'a@b.hn' }, undefined, options)).toEqual({
      values: { email: 'a@b.hn' },
      errors: {},
    });
    await resolver({ email: 'c@d.hn' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('sin red')).mockResolvedValue(ok);
    const resolver = resolverOnDemand<Fields, unknown, Fields>(load);
    await expect(resolver({ email: 'a@b.hn' }, undefined, options)).rejects.toThrow('sin red');
    expect((await resolver({ email: 'a@b.hn' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
