import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UserError } from '../../errors.ts';
import { parseOrRefuse } from './validation.ts';

const schema = z
  .object({
    phone: z.string().regex(/^\d{8}$/, 'Escribe los 8 dígitos.'),
    address: z.object({ city: z.string().min(1, 'Elige una ciudad.') }),
  })
  .refine((value) => value.phone !== '00000000', { message: 'Ese número no existe.' });

function refusal(run: () => unknown): { message: string; details: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    const { message, details } = error as UserError;
    return { message, details };
  }
  throw new Error('expected a refusal');
}

describe('parseOrRefuse', () => {
  it('returns the parsed value', () => {
    expect(parseOrRefuse(schema, { phone: '99887766', address: { city: 'Danlí' } })).toEqual({
      phone: '99887766',
      address: { city: 'Danlí' },
    });
  });

  it("refuses with the first issue's message and its field, nested fields joined by dots", () => {
    expect(refusal(() => parseOrRefuse(schema, { phone: '123', address: { city: '' } }))).toEqual({
      message: 'Escribe los 8 dígitos.',
      details: { field: 'phone' },
    });
    expect(refusal(() => parseOrRefuse(schema, { phone: '99887766', address: { city: '' } }))).toEqual({
      message: 'Elige una ciudad.',
      details: { field: 'address.city' },
    });
  });

  it('refuses an issue that names no field with its own message, or with the one the caller gives', () => {
    const whole = { phone: '00000000', address: { city: 'Danlí' } };
    expect(refusal(() => parseOrRefuse(schema, whole))).toEqual({
      message: 'Ese número no existe.',
      details: {},
    });
    expect(refusal(() => parseOrRefuse(schema, whole, 'La solicitud no tiene el formato esperado.'))).toEqual(
      {
        message: 'La solicitud no tiene el formato esperado.',
        details: {},
      },
    );
    expect(refusal(() => parseOrRefuse(schema, [], 'La solicitud no tiene el formato esperado.'))).toEqual({
      message: 'La solicitud no tiene el formato esperado.',
      details: {},
    });
  });
});
