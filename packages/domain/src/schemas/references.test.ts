import { describe, expect, it } from 'vitest';
import { cleanReferenceName, makeReferencesSchema, type ReferencesVariant } from './references.ts';
import { messagesOf } from './test-helpers.ts';

const valid = {
  ref_tipo_per: 'amigo',
  ref_nom_per: 'Ana López',
  ref_tel_per: '99887766',
  ref_correo_per: 'ana@example.com',
  ref_tipo_lab: 'compañero',
  ref_nom_lab: 'Luis Paz',
  ref_tel_lab: '33445566',
  ref_correo_lab: '',
};

describe('makeReferencesSchema', () => {
  it.each<[ReferencesVariant]>([['modal'], ['profile']])('parses a %s payload, cleaned', (variant) => {
    expect(
      makeReferencesSchema({ variant }).parse({
        ...valid,
        ref_nom_per: ' ana  lópez ',
        ref_correo_per: 'Ana@Example.com',
      }),
    ).toEqual({
      ...valid,
      ref_nom_per: 'ANA LÓPEZ',
      ref_nom_lab: 'LUIS PAZ',
      ref_correo_per: 'ana@example.com',
    });
  });

  it.each<[ReferencesVariant, string, Record<string, unknown>, Record<string, string[]>]>([
    ['modal', 'no e-mails at all', { ref_correo_per: undefined, ref_correo_lab: null }, {}],
    ['modal', 'a name with digits', { ref_nom_per: 'Ana 2' }, { ref_nom_per: ['Solo se permiten letras.'] }],
    ['modal', 'an empty name', { ref_nom_lab: '   ' }, { ref_nom_lab: ['Este campo es obligatorio'] }],
    ['modal', 'a missing type', { ref_tipo_per: '' }, { ref_tipo_per: ['Este campo es obligatorio.'] }],
    [
      'modal',
      'a personal type as labour',
      { ref_tipo_lab: 'amigo' },
      { ref_tipo_lab: ['Este campo es obligatorio.'] },
    ],
    [
      'modal',
      'a short phone',
      { ref_tel_per: '9988776' },
      { ref_tel_per: ['Debe tener al menos 8 caracteres.'] },
    ],
    ['modal', 'a long phone', { ref_tel_per: '998877665' }, {}],
    ['modal', 'an empty phone', { ref_tel_lab: '' }, { ref_tel_lab: ['Este campo es obligatorio'] }],
    [
      'profile',
      'a short phone',
      { ref_tel_per: '9988776' },
      { ref_tel_per: ['Debe ser un número de 8 dígitos'] },
    ],
    [
      'profile',
      'a long phone',
      { ref_tel_lab: '334455667' },
      { ref_tel_lab: ['Debe ser un número de 8 dígitos'] },
    ],
    [
      'modal',
      'an e-mail without @',
      { ref_correo_per: 'ana.example.com' },
      { ref_correo_per: ['Debe ser un correo válido con @dominio'] },
    ],
    [
      'modal',
      'an e-mail without a domain',
      { ref_correo_per: 'ana@' },
      { ref_correo_per: ['Debe ser un correo válido con @dominio'] },
    ],
    [
      'profile',
      'a malformed e-mail',
      { ref_correo_lab: 'a b@example.com' },
      { ref_correo_lab: ['Debe ser un correo válido.'] },
    ],
    [
      'modal',
      'the same phone twice',
      { ref_tel_lab: '99887766' },
      {
        ref_tel_per: ['El teléfono personal no puede ser igual al laboral.'],
        ref_tel_lab: ['El teléfono laboral no puede ser igual al personal.'],
      },
    ],
    [
      'profile',
      'the same phone twice',
      { ref_tel_lab: '9988-7766' },
      { ref_tel_lab: ['El número no puede ser igual al de referencia personal.'] },
    ],
    [
      'modal',
      'the same e-mail twice',
      { ref_correo_lab: 'ANA@example.com' },
      {
        ref_correo_per: ['El correo personal no puede ser igual al laboral.'],
        ref_correo_lab: ['El correo laboral no puede ser igual al personal.'],
      },
    ],
    [
      'profile',
      'the same e-mail twice',
      { ref_correo_lab: 'ana@example.com' },
      { ref_correo_lab: ['El correo no puede ser igual al de referencia personal.'] },
    ],
    [
      'modal',
      'the same short phone twice and a missing name',
      { ref_tel_per: '1234', ref_tel_lab: '1234', ref_nom_per: '' },
      {
        ref_nom_per: ['Este campo es obligatorio'],
        ref_tel_per: [
          'Debe tener al menos 8 caracteres.',
          'El teléfono personal no puede ser igual al laboral.',
        ],
        ref_tel_lab: [
          'Debe tener al menos 8 caracteres.',
          'El teléfono laboral no puede ser igual al personal.',
        ],
      },
    ],
  ])('%s: %s', (variant, _, change, messages) => {
    expect(messagesOf(makeReferencesSchema({ variant }), { ...valid, ...change })).toEqual(messages);
  });
});

describe('cleanReferenceName', () => {
  it.each([
    ['ana lópez', 'ANA LÓPEZ'],
    ['Ana2  Paz!', 'ANA PAZ'],
    ['  luis', 'LUIS'],
  ])('%j becomes %j', (raw, clean) => {
    expect(cleanReferenceName(raw)).toBe(clean);
  });
});
