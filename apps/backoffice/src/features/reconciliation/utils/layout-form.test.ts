import { describe, expect, it } from 'vitest';
import type { LayoutItem } from '../api/list-statement-layouts';
import { layoutFormValues, NEW_LAYOUT, readLayoutForm } from './layout-form';

const bac: LayoutItem = {
  bankCode: 2,
  bankName: 'BAC Credomatic',
  delimiter: ',',
  skipRows: 6,
  dateColumn: 1,
  referenceColumn: 2,
  descriptionColumn: 3,
  amountMode: 'split',
  amountColumn: null,
  creditColumn: 5,
  debitColumn: 4,
  dateFormat: 'dd/mm/yyyy',
  decimalSeparator: '.',
  thousandsSeparator: ',',
  updatedAt: '2026-12-01T15:00:00.000Z',
  updatedBy: null,
};

describe('the layout form', () => {
  it('reads back the saved layout it shows', () => {
    const { updatedAt: _u, updatedBy: _b, bankCode: _c, bankName: _n, ...layout } = bac;
    expect(readLayoutForm(layoutFormValues(bac))).toEqual({ layout, errors: {} });
  });

  it('starts a new bank from the defaults, which are a sound layout', () => {
    expect(layoutFormValues(undefined)).toBe(NEW_LAYOUT);
    expect(readLayoutForm(NEW_LAYOUT).errors).toEqual({});
  });

  it('leaves out the columns the mode does not use', () => {
    expect(readLayoutForm({ ...NEW_LAYOUT, creditColumn: '9', debitColumn: 'x' }).layout).toMatchObject({
      amountColumn: 4,
      creditColumn: null,
      debitColumn: null,
    });
  });

  it.each([
    [{ dateColumn: '' }, 'dateColumn', 'La columna de la fecha debe ser un número del 1 al 50.'],
    [{ skipRows: '2.5' }, 'skipRows', 'Las filas de encabezado deben ser un número del 0 al 50.'],
    [
      { amountMode: 'split' as const },
      'creditColumn',
      'La columna de los créditos debe ser un número del 1 al 50.',
    ],
    [{ referenceColumn: '1' }, 'dateColumn', 'Cada dato debe estar en una columna distinta.'],
    [
      { thousandsSeparator: '.' as const },
      'thousandsSeparator',
      'El separador de miles no puede ser el mismo que el decimal.',
    ],
  ])('names the field of %j', (change, field, message) => {
    const { layout, errors } = readLayoutForm({ ...NEW_LAYOUT, ...change });
    expect(layout).toBeUndefined();
    expect(errors[field as keyof typeof errors]).toBe(message);
  });
});
