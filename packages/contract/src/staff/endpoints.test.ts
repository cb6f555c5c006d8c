import { describe, expect, it } from 'vitest';
import { jsonSchemaOf } from '../openapi.ts';
import type { StaffEndpointDef } from './endpoint.ts';
import { staffAreas, staffEndpointNames, staffEndpoints, staffPath } from './endpoints.ts';

/** A JSON Schema without `additionalProperties` (zod closes objects in output mode only). */
const open = (schema: unknown): unknown =>
  JSON.parse(
    JSON.stringify(schema, (key, value: unknown) => (key === 'additionalProperties' ? undefined : value)),
  );

const rows = staffEndpointNames.map((name) => [name, staffEndpoints[name] as StaffEndpointDef] as const);

describe('the staff table', () => {
  it('has one route per method and path, and every row in exactly one area', () => {
    const routes = rows.map(([, def]) => `${def.method} ${def.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const inAreas = Object.values(staffAreas).flatMap((area) => Object.keys(area));
    expect(inAreas.sort()).toEqual([...staffEndpointNames].sort());
  });

  it.each(rows)('%s: a body only on a state change, params exactly for the path', (_name, def) => {
    if (def.method === 'GET') expect(def.body).toBeUndefined();
    const inPath = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
    const declared = def.params ? Object.keys(jsonSchemaOf(def.params, 'input').properties as object) : [];
    expect(declared.sort()).toEqual(inPath);
  });

  it.each(rows.filter(([, def]) => def.response.kind === 'json'))(
    '%s: its response schema reads the JSON as it is (no defaults, no transforms)',
    (_name, def) => {
      if (def.response.kind !== 'json') return;
      expect(open(jsonSchemaOf(def.response.schema, 'input'))).toEqual(
        open(jsonSchemaOf(def.response.schema, 'output')),
      );
    },
  );
});

describe('staffPath', () => {
  it('fills and encodes the parameters of a row', () => {
    expect(staffPath('getBorrowerFile', { id: 12 })).toBe('/borrowers/12');
    expect(staffPath('getBorrowerDocument', { id: '3', fileId: 'x y' })).toBe('/borrowers/3/files/x%20y');
    expect(staffPath('listBorrowers')).toBe('/borrowers/search');
  });

  it('throws on a missing parameter rather than calling a wrong URL', () => {
    expect(() => staffPath('updateStaff', {})).toThrow(/updateStaff needs the parameter "id"/);
  });
});
