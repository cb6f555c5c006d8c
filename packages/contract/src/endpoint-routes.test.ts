import { describe, expect, it } from 'vitest';
import { callGroups, endpointRoutes } from './endpoint-routes.ts';
import { endpoints } from './endpoints.ts';

/** The rows a module of ./calls holds: the names in its exported tables of calls. */
const rowsOf = (module: Record<string, unknown>) =>
  Object.values(module)
    .filter(
      (value): value is Record<string, unknown> =>
        typeof value === 'object' &&
        value !== null &&
        Object.values(value).length > 0 &&
        Object.values(value).every((row) => typeof row === 'object' && row !== null && 'request' in row),
    )
    .flatMap((table) => Object.keys(table));

describe('endpointRoutes', () => {
  it('has every row of the contract, and only those', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(Object.entries(endpoints))('sends %s as its row says', (name, def) => {
    expect(endpointRoutes[name as keyof typeof endpointRoutes]).toEqual({
      file: def.file,
      group: expect.any(String),
      access: def.access,
      method: def.method,
      envelope: def.envelope,
    });
  });

  it.each(callGroups)('names as group %s the rows its module holds, and only those', async (group) => {
    const module = (await import(`./calls/${group}.ts`)) as Record<string, unknown>;
    const named = Object.entries(endpointRoutes)
      .filter(([, route]) => route.group === group)
      .map(([name]) => name);
    expect(rowsOf(module).sort()).toEqual(named.sort());
  });
});
