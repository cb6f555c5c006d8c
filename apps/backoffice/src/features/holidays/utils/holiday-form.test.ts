import { describe, expect, it } from 'vitest';
import { checkHoliday, holidayDateLabel, sundayHint, yearChoices } from './holiday-form';

describe('the holiday form', () => {
  it('reads a date with its weekday', () => {
    expect(holidayDateLabel('2027-03-25')).toBe('jueves 25 de marzo de 2027');
    expect(holidayDateLabel('2026-11-22')).toBe('domingo 22 de noviembre de 2026');
  });

  it('offers the calendar years and last year to three ahead, in order', () => {
    expect(yearChoices([2026, 2027, 2028], 2026)).toEqual([2025, 2026, 2027, 2028, 2029]);
    expect(yearChoices([2024], 2027)).toEqual([2024, 2026, 2027, 2028, 2029, 2030]);
  });

  it('checks the date and the name with the server words', () => {
    expect(checkHoliday({ date: '2027-06-01', name: ' Feriado ' })).toEqual({});
    expect(checkHoliday({ date: '2027-02-30', name: '' })).toEqual({
      date: 'Escribe la fecha del feriado (AAAA-MM-DD), entre 2000 y 2100.',
      name: 'Escribe el nombre del feriado (hasta 80 caracteres).',
    });
    expect(checkHoliday({ date: '1999-01-01', name: 'x'.repeat(81) })).toMatchObject({
      date: expect.any(String),
      name: expect.any(String),
    });
  });

  it('says when a date is a Sunday', () => {
    expect(sundayHint('2026-11-22')).toBe('Es domingo: ya es un día no hábil.');
    expect(sundayHint('2026-11-23')).toBeUndefined();
    expect(sundayHint('')).toBeUndefined();
  });
});
