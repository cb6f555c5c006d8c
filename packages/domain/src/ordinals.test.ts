import { describe, expect, it } from 'vitest';
import { ordinalPaymentName } from './ordinals.ts';

describe('ordinalPaymentName', () => {
  it.each<[number, string]>([
    [1, 'Primer pago'],
    [2, 'Segundo pago'],
    [3, 'Tercer pago'],
    [4, 'Cuarto pago'],
    [5, 'Quinto pago'],
    [6, 'Sexto pago'],
    [7, 'Séptimo pago'],
    [8, 'Octavo pago'],
    [9, 'Noveno pago'],
    [10, 'Décimo pago'],
    [11, 'Undécimo pago'],
    [12, 'Duodécimo pago'],
    [13, 'Decimotercer pago'],
    [14, 'Decimocuarto pago'],
    [15, 'Decimoquinto pago'],
    [16, 'Decimosexto pago'],
    [17, 'Decimoséptimo pago'],
    [18, 'Decimoctavo pago'],
    [19, 'Decimonoveno pago'],
    [20, 'Vigésimo pago'],
    [21, 'Vigésimo primer pago'],
    [22, 'Vigésimo segundo pago'],
    [23, 'Vigésimo tercer pago'],
    [24, 'Vigésimo cuarto pago'],
    [25, 'Vigésimo quinto pago'],
    [26, 'Vigésimo sexto pago'],
    [27, 'Vigésimo séptimo pago'],
    [28, 'Vigésimo octavo pago'],
    [29, 'Vigésimo noveno pago'],
    [30, 'Trigésimo pago'],
    [31, 'Trigésimo primer pago'],
    [32, 'Trigésimo segundo pago'],
    [33, 'Trigésimo tercer pago'],
    [34, 'Trigésimo cuarto pago'],
    [35, 'Trigésimo quinto pago'],
    [36, 'Trigésimo sexto pago'],
  ])('payment %i is %s', (n, name) => {
    expect(ordinalPaymentName(n)).toBe(name);
  });

  it.each([0, 37, -1, 1.5, Number.NaN])('throws RangeError for %s', (n) => {
    expect(() => ordinalPaymentName(n)).toThrow(RangeError);
  });
});
