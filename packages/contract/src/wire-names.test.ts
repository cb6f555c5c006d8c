import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointNames, endpoints } from './endpoints.ts';
import type { EndpointDef } from './endpoint.ts';
import { fromWire, wireNameOf } from './wire-names.ts';

const text = z.string().default('');
const { request, wireNames } = fromWire({
  phone: ['UsrTel', text],
  code: ['OtpCod', text],
});

describe('fromWire', () => {
  it.each<[string, unknown, unknown]>([
    [
      'renames the wire fields',
      { UsrTel: '99887766', OtpCod: '123456' },
      { phone: '99887766', code: '123456' },
    ],
    ['applies the wire defaults', {}, { phone: '', code: '' }],
    ['drops fields the row does not know', { UsrTel: '1', phone: '2', extra: 3 }, { phone: '1', code: '' }],
  ])('%s', (_case, body, input) => {
    expect(request.parse(body)).toEqual(input);
  });

  it('names a wrongly typed field by its wire name', () => {
    const result = request.safeParse({ UsrTel: 99887766 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['UsrTel']]);
  });

  it('lists the wire name of each English name', () => {
    expect(wireNames).toEqual({ phone: 'UsrTel', code: 'OtpCod' });
  });
});

describe('wireNameOf', () => {
  it.each<[Record<string, string> | undefined, string, string]>([
    [wireNames, 'phone', 'UsrTel'],
    [wireNames, 'code', 'OtpCod'],
    [wireNames, 'mob_phone', 'mob_phone'],
    [wireNames, 'toString', 'toString'],
    [undefined, 'phone', 'phone'],
  ])('%j: %s is %s on the wire', (names, field, wire) => {
    expect(wireNameOf(names, field)).toBe(wire);
  });
});

describe('the rows that rename legacy fields', () => {
  // putProfile renames a key inside its `array` (calls/profile.test.ts).
  const renaming = endpointNames.filter(
    (name) => name !== 'putProfile' && (endpoints[name] as EndpointDef).wireNames,
  );

  it('include the account and profile calls with legacy names', () => {
    expect(renaming).toEqual(
      expect.arrayContaining([
        'register',
        'login',
        'recoverypwd',
        'register2',
        'otp_upd',
        'sendBankAccountCode',
        'PostResetPassword',
      ]),
    );
  });

  it.each(renaming)('%s hands every wire field on under its English name', (name) => {
    const def: EndpointDef = endpoints[name];
    const names = Object.entries(def.wireNames ?? {});
    const body = Object.fromEntries(names.map(([, wire]) => [wire, `${wire} value`]));
    const parsed = def.request.parse(body) as Record<string, unknown>;
    for (const [english, wire] of names) expect(parsed[english]).toBe(`${wire} value`);
  });
});
