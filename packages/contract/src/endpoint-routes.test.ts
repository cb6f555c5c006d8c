import { describe, expect, it } from 'vitest';
import { endpointRoutes } from './endpoint-routes.ts';
import { endpoints } from './endpoints.ts';

describe('endpointRoutes', () => {
  it('has every row of the contract, and only those', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(Object.entries(endpoints))('sends %s as its row says', (name, def) => {
    expect(endpointRoutes[name as keyof typeof endpointRoutes]).toEqual({
      file: def.file,
      access: def.access,
      method: def.method,
      envelope: def.envelope,
    });
  });
});
