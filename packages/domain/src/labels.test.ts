import { describe, expect, it } from 'vitest';
import {
  BANK_CODES,
  DEPENDENTS_TYPE_OPTIONS,
  FILE_TYPES,
  LABOUR_REFERENCE_TYPES,
  labelOr,
  PERSONAL_REFERENCE_TYPES,
  referenceTypeLabel,
  REGISTRATION_GENDER_OPTIONS,
  feeTypeFromPriceList,
  instalmentStatusLabel,
  isRegisteredBankCode,
  loanStatusLabel,
  notificationBadgeLabel,
  parseStatusCode,
  profileGenderLabel,
  selectableOptions,
} from './labels.ts';

describe('loanStatusLabel', () => {
  it.each<[number | string, string]>([
    [0, 'Enviado'],
    [1, 'Reuniendo'],
    [2, 'Rechazado'],
    [3, 'Pagando'],
    [4, 'Pagado'],
    [5, 'Reunido'],
    [6, 'Oferta del préstamo en la espera de pago'],
    [7, 'El tiempo se acabo'],
    [8, 'Atrasado'],
    [9, 'Alguacil'],
    [10, 'Corte'],
    [11, 'Recuperación previa al juicio'],
    ['3', 'Pagando'],
    [12, 'Desconocido'],
    [-1, 'Desconocido'],
    [1.5, 'Desconocido'],
    ['', 'Desconocido'],
    ['x', 'Desconocido'],
  ])('code %j reads %s', (code, label) => {
    expect(loanStatusLabel(code)).toBe(label);
  });
});

describe('instalmentStatusLabel', () => {
  it.each<[number | string, string]>([
    [0, 'Pendiente'],
    [1, 'Pagado'],
    [2, 'Pago próximo'],
    [3, 'Atrasado*'],
    [4, 'Atrasado**'],
    [5, 'Pago Actual'],
    [6, 'Ultimo Pago'],
    ['6', 'Ultimo Pago'],
    [7, 'Desconocido'],
    [Number.NaN, 'Desconocido'],
  ])('code %j reads %s', (code, label) => {
    expect(instalmentStatusLabel(code)).toBe(label);
  });
});

describe('parseStatusCode', () => {
  it.each<[number | string, number | null]>([
    [3, 3],
    [' 8 ', 8],
    ['3.0', null],
    [2.5, null],
  ])('%j is %j', (code, parsed) => {
    expect(parseStatusCode(code)).toBe(parsed);
  });
});

describe('gender labels', () => {
  it.each([
    ['H', 'Masculino'],
    ['M', 'Femenino'],
    ['F', 'Femenino'],
    ['', 'Femenino'],
  ])('profile gender %j is %s', (code, label) => {
    expect(profileGenderLabel(code)).toBe(label);
  });

  it('offers Hombre (M) and Mujer (F) on the form', () => {
    expect(REGISTRATION_GENDER_OPTIONS).toEqual([
      { value: 'M', label: 'Hombre' },
      { value: 'F', label: 'Mujer' },
    ]);
  });
});

describe('option lists', () => {
  it('lists the reference types', () => {
    expect(PERSONAL_REFERENCE_TYPES).toEqual([
      'amigo',
      'vecino',
      'conocido',
      'esposo',
      'hijo',
      'hermano',
      'papa_mama',
    ]);
    expect(LABOUR_REFERENCE_TYPES).toEqual(['jefe', 'compañero', 'cliente']);
  });

  it('looks a name up in a table by its own entries only', () => {
    const table = { a: 'Uno', 2: 'Dos' };
    expect(labelOr(table, 'a', '?')).toBe('Uno');
    expect(labelOr(table, 2, '?')).toBe('Dos');
    expect(labelOr(table, 'b', '?')).toBe('?');
    expect(labelOr(table, 'toString', '?')).toBe('?');
  });

  it('names every reference type, and leaves an unknown stored value as it is', () => {
    for (const type of [...PERSONAL_REFERENCE_TYPES, ...LABOUR_REFERENCE_TYPES]) {
      expect(referenceTypeLabel(type)).not.toBe(type);
    }
    expect(referenceTypeLabel('papa_mama')).toBe('Papá o mamá');
    expect(referenceTypeLabel('compañero')).toBe('Compañero o compañera de trabajo');
    expect(referenceTypeLabel('primo')).toBe('primo');
    expect(referenceTypeLabel('toString')).toBe('toString');
  });

  it('lists the types of dependents', () => {
    expect(DEPENDENTS_TYPE_OPTIONS).toEqual([
      'Tus hijos',
      'Tu pareja',
      'Tus padres',
      'Tus hermanos',
      'No tengo dependientes',
    ]);
  });

  it('numbers the document types 18 to 21', () => {
    expect(FILE_TYPES).toEqual({ selfie: 18, frontId: 19, backId: 20, utilityBill: 21 });
  });

  it.each<[number | string, boolean]>([
    [1, true],
    [16, true],
    ['7', true],
    [0, false],
    [17, false],
    ['', false],
  ])('bank code %j registered: %s', (code, registered) => {
    expect(isRegisteredBankCode(code)).toBe(registered);
  });

  it('has 16 bank codes', () => {
    expect(BANK_CODES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it.each([
    ['Cantidad fija', 'fixed'],
    ['Porcentaje del importe mensual', 'percent'],
    ['otro', null],
  ])('price list fee type %j is %j', (priCuoTip, feeType) => {
    expect(feeTypeFromPriceList(priCuoTip)).toBe(feeType);
  });

  it('drops empty labels from a server values map', () => {
    expect(selectableOptions({ '': '', '1': 'Primaria', '2': ' ', '3': 'Universitaria' })).toEqual([
      { value: '1', label: 'Primaria' },
      { value: '3', label: 'Universitaria' },
    ]);
  });
});

describe('notificationBadgeLabel', () => {
  it.each<[number, string]>([
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('%i unread shows %s', (count, label) => {
    expect(notificationBadgeLabel(count)).toBe(label);
  });
});
