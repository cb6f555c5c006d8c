import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profileDependentsTypeSchema } from './profile-dependents-type.ts';
import { profileDependentsSchema } from './profile-dependents.ts';
import { profileEducationSchema } from './profile-education.ts';
import { profileHousingSchema } from './profile-housing.ts';
import { profileIncomeTypeSchema } from './profile-income-type.ts';
import { profileIncomeSchema } from './profile-income.ts';
import { profileMaritalStatusSchema } from './profile-marital-status.ts';
import { profileNamesSchema } from './profile-names.ts';
import { profilePasswordChangeSchema } from './profile-password-change.ts';
import { profilePhoneSchema } from './profile-phone.ts';
import { profileResidenceAddressSchema } from './profile-residence-address.ts';
import { makeProfileWorkStartSchema } from './profile-work-start.ts';
import { profileWorkAddressSchema } from './profile-work-address.ts';
import { profileWorkplaceNameSchema } from './profile-workplace-name.ts';
import { profileWorkplacePositionSchema } from './profile-workplace-position.ts';
import { messagesOf } from './test-helpers.ts';

const rule = 'Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.';

// One row per case: the dialog's schema, the input, and the messages by field ({} when valid).
describe.each<[string, z.ZodType, [Record<string, unknown>, Record<string, string[]>][]]>([
  [
    'names',
    profileNamesSchema,
    [
      [{ realname: 'Karla', midname: 'patricia', surname: 'Martínez', midname2: 'Reyes' }, {}],
      [{ realname: 'Karla', surname: 'Martínez' }, {}],
      [{ realname: 'Karla2', surname: 'Martínez' }, { realname: ['Solo letras sin espacios'] }],
      [{ realname: 'Karla Patricia', surname: 'Martínez' }, { realname: ['No se permiten espacios'] }],
      [{ realname: 'Karla', surname: ' ' }, { surname: ['Campo obligatorio'] }],
    ],
  ],
  [
    'workplace position',
    profileWorkplacePositionSchema,
    [
      [{ workplace_position: 'Cajera' }, {}],
      [{ workplace_position: '  ' }, { workplace_position: ['Campo obligatorio'] }],
      [{}, { workplace_position: ['Campo obligatorio'] }],
    ],
  ],
  [
    'monthly income',
    profileIncomeSchema,
    [
      [{ income: '15000' }, {}],
      [{ income: 15000 }, {}],
      [{ income: '15 000' }, { income: ['Solo numeros sin espacios'] }],
      [{ income: '15000.50' }, { income: ['Solo numeros sin espacios'] }],
      [{ income: '' }, { income: ['Solo numeros sin espacios'] }],
      [{ income: -5 }, { income: ['Solo numeros sin espacios'] }],
      [{ income: '15,000' }, {}],
      [{ income: 'L 15,000' }, {}],
      [{ income: '15000.00' }, {}],
      [{ income: '1,5' }, { income: ['Solo numeros sin espacios'] }],
      [{ income: 'quince' }, { income: ['Solo numeros sin espacios'] }],
    ],
  ],
  [
    'phone',
    profilePhoneSchema,
    [
      [{ mob_phone: '99887766', code: '123456' }, {}],
      [{ mob_phone: '9988 7766', code: '123456' }, { mob_phone: ['Se requieren 8 números sin espacios'] }],
      [{ mob_phone: '9988776', code: '123456' }, { mob_phone: ['Se requieren 8 números sin espacios'] }],
      [{ mob_phone: '99887766', code: '1234' }, { code: ['Campo obligatorio'] }],
    ],
  ],
  [
    'income type and business type',
    profileIncomeTypeSchema,
    [
      [{ income_status: 'asalariado' }, {}],
      [{ income_status: 'comerciante', business_type: 'pulperia' }, {}],
      [{ income_status: 'comerciante', business_type: '' }, { business_type: ['Seleccione una opción.'] }],
      [{ income_status: '' }, { income_status: ['Seleccione una opción.'] }],
    ],
  ],
  [
    'marital status',
    profileMaritalStatusSchema,
    [
      [{ marital_status: 'casado' }, {}],
      [{ marital_status: '' }, { marital_status: ['Seleccione una opción.'] }],
    ],
  ],
  [
    'residence address',
    profileResidenceAddressSchema,
    [
      [
        {
          region: '08',
          county: '0801',
          city: '080101',
          house: 'Casa 12',
          address_referece: 'Frente a la iglesia',
        },
        {},
      ],
      [
        { region: '', county: '0801', city: '080101', house: ' ', address_referece: '' },
        { region: ['Seleccione una opción.'], house: ['Escriba algo'], address_referece: ['Escriba algo'] },
      ],
    ],
  ],
  [
    'work address',
    profileWorkAddressSchema,
    [
      [{ work_region: 5, work_county: 501, work_city: 50101, workplace_address: 'Bulevar del Norte' }, {}],
      [
        { work_region: '05', work_county: null, work_city: '050101', workplace_address: '' },
        { work_county: ['Seleccione una opción.'], workplace_address: ['Escriba algo'] },
      ],
    ],
  ],
  [
    'housing type',
    profileHousingSchema,
    [
      [{ home_status: 'alquilada' }, {}],
      [{}, { home_status: ['Seleccione una opción.'] }],
    ],
  ],
  [
    'workplace name',
    profileWorkplaceNameSchema,
    [
      [{ workplace: 'BAC' }, {}],
      [{ workplace: ' AB ' }, { workplace: ['Escriba algo mayor a 2 caracteres.'] }],
      [{ workplace: '' }, { workplace: ['Escriba algo mayor a 2 caracteres.'] }],
    ],
  ],
  [
    'number of dependents',
    profileDependentsSchema,
    [
      [{ dependents: 0 }, {}],
      [{ dependents: '10' }, {}],
      [{ dependents: 11 }, { dependents: ['Agregue un número.'] }],
      [{ dependents: '' }, { dependents: ['Agregue un número.'] }],
    ],
  ],
  [
    'type of dependents',
    profileDependentsTypeSchema,
    [
      [{ dependents_who: 'Tus hijos' }, {}],
      [{ dependents_who: 'No tengo dependientes' }, {}],
      [{ dependents_who: 'Tus primos' }, { dependents_who: ['Seleccione una opción.'] }],
      [{}, { dependents_who: ['Seleccione una opción.'] }],
    ],
  ],
  [
    'education',
    profileEducationSchema,
    [
      [{ education: '3' }, {}],
      [{ education: '' }, { education: ['Seleccione una opción.'] }],
    ],
  ],
  [
    'work start date',
    makeProfileWorkStartSchema({ today: '2026-11-22' }),
    [
      [{ work_experience: '2025-11-22' }, {}], // exactly 1 year ago
      [{ work_experience: '2006-11-22' }, {}], // exactly 20 years ago
      [{ work_experience: '2025-11-23' }, { work_experience: ['Campo obligatorio'] }],
      [{ work_experience: '2006-11-21' }, { work_experience: ['Campo obligatorio'] }],
      [{ work_experience: 'ayer' }, { work_experience: ['Campo obligatorio'] }],
    ],
  ],
  [
    'change password',
    profilePasswordChangeSchema,
    [
      [{ currentPassword: 'vieja', newPassword: 'Nueva1234', passwordRepeat: 'Nueva1234' }, {}],
      [
        { currentPassword: '', newPassword: 'Nueva1234', passwordRepeat: 'Nueva1234' },
        { currentPassword: ['Campo obligatorio'] },
      ],
      [
        { currentPassword: 'vieja', newPassword: 'nueva1234', passwordRepeat: 'nueva1234' },
        { newPassword: [rule] },
      ],
      [
        { currentPassword: 'vieja', newPassword: 'Nueva1234', passwordRepeat: 'Nueva123' },
        { passwordRepeat: ['Esta contraseña no coincide con la primera.'] },
      ],
    ],
  ],
])('profile edit: %s', (_, schema, cases) => {
  it.each(cases)('%j gives %j', (input, messages) => {
    expect(messagesOf(schema, input)).toEqual(messages);
  });
});

describe('profile edit outputs', () => {
  it('cleans the names', () => {
    expect(profileNamesSchema.parse({ realname: 'josé', surname: 'hernández  castro' })).toEqual({
      realname: 'JOSE',
      midname: '',
      surname: 'HERNANDEZ CASTRO',
      midname2: '',
    });
  });

  it('outputs the income as a number', () => {
    expect(profileIncomeSchema.parse({ income: '15000' })).toEqual({ income: 15000 });
    expect(profileIncomeSchema.parse({ income: 'L 15,000' })).toEqual({ income: 15000 });
  });
});
