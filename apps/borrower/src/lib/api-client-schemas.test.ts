import { callGroups, endpointRoutes } from '@prestamos-hn/contract';
import { describe, expect, it } from 'vitest';
import { groupLoaders, loadEnvelope } from './api-client-schemas';

describe('the schemas by group of calls', () => {
  it.each(callGroups)('downloads as group %s the rows its routes name, and only those', async (group) => {
    const rows = await groupLoaders[group]();
    const named = Object.entries(endpointRoutes)
      .filter(([, route]) => route.group === group)
      .map(([name]) => name);
    expect(Object.keys(rows).sort()).toEqual(named.sort());
    for (const name of named)
      expect(rows[name]?.file).toBe(endpointRoutes[name as keyof typeof endpointRoutes].file);
  });

  it('reads the legacy envelope', async () => {
    const envelope = await loadEnvelope();
    expect(
      envelope.safeParse({ status: 'ERS', payload: { message: 'Tu sesión ha expirado.' } }).success,
    ).toBe(true);
    expect(envelope.safeParse({ status: 'NOPE', payload: {} }).success).toBe(false);
  });
});
