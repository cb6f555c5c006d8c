import { describe, expect, it } from 'vitest';
import {
  chatAvailabilityText,
  DEFAULT_CHAT_OFFICE_HOURS,
  describeNextOpening,
  describeOfficeHours,
  formatClockTime,
  isOfficeOpen,
  nextOfficeOpening,
  officeClosesAt,
  parseOfficeHours,
  type OfficeHours,
} from './chat.ts';

const defaultHours = parseOfficeHours(DEFAULT_CHAT_OFFICE_HOURS)!;

describe('parseOfficeHours', () => {
  it('reads the default: Monday to Saturday, 8:00 to 18:00', () => {
    expect(defaultHours).toEqual([{ days: [1, 2, 3, 4, 5, 6], fromMinute: 480, toMinute: 1080 }]);
  });

  it('reads several rules, lists of days and single days', () => {
    expect(parseOfficeHours('1-5 08:00-18:00; 6 8:30-12:00;7,3 20:00-24:00')).toEqual([
      { days: [1, 2, 3, 4, 5], fromMinute: 480, toMinute: 1080 },
      { days: [6], fromMinute: 510, toMinute: 720 },
      { days: [3, 7], fromMinute: 1200, toMinute: 1440 },
    ]);
  });

  it.each([
    '',
    ' ; ',
    '0-5 08:00-18:00',
    '1-8 08:00-18:00',
    '5-1 08:00-18:00',
    '1-5 18:00-08:00',
    '1-5 08:00-08:00',
    '1-5 08:60-18:00',
    '1-5 24:30-25:00',
    '1-5 8-18',
    'lun-sab 08:00-18:00',
    '1-5 08:00 - 18:00',
  ])('refuses %j', (text) => {
    expect(parseOfficeHours(text)).toBeNull();
  });
});

describe('office open and close times (Tegucigalpa, UTC-6)', () => {
  // 2027-03-08 is a Monday; 2027-03-13 a Saturday; 2027-03-14 a Sunday.
  it.each<[string, boolean]>([
    ['2027-03-08T13:59:59Z', false], // Monday 07:59:59
    ['2027-03-08T14:00:00Z', true], // Monday 08:00
    ['2027-03-08T23:59:59Z', true], // Monday 17:59:59
    ['2027-03-09T00:00:00Z', false], // Monday 18:00
    ['2027-03-13T20:00:00Z', true], // Saturday 14:00
    ['2027-03-14T18:00:00Z', false], // Sunday 12:00
  ])('at %s open: %s', (instant, open) => {
    expect(isOfficeOpen(defaultHours, new Date(instant))).toBe(open);
  });

  it('says when the current window closes', () => {
    expect(officeClosesAt(defaultHours, new Date('2027-03-08T15:00:00Z'))?.toISOString()).toBe(
      '2027-03-09T00:00:00.000Z',
    );
    expect(officeClosesAt(defaultHours, new Date('2027-03-09T01:00:00Z'))).toBeNull();
  });

  it.each<[string, string | null]>([
    ['2027-03-08T15:00:00Z', null], // open
    ['2027-03-08T12:00:00Z', '2027-03-08T14:00:00.000Z'], // Monday 06:00 → today 8:00
    ['2027-03-09T01:00:00Z', '2027-03-09T14:00:00.000Z'], // Monday 19:00 → Tuesday 8:00
    ['2027-03-14T00:30:00Z', '2027-03-15T14:00:00.000Z'], // Saturday 18:30 → Monday 8:00
    ['2027-03-14T18:00:00Z', '2027-03-15T14:00:00.000Z'], // Sunday noon → Monday 8:00
  ])('next opening after %s is %s', (instant, expected) => {
    expect(nextOfficeOpening(defaultHours, new Date(instant))?.toISOString() ?? null).toBe(expected);
  });

  it('finds the next opening a week ahead when only one day is open', () => {
    const mondays: OfficeHours = parseOfficeHours('1 09:00-10:00')!;
    // Monday 10:30 → next Monday 9:00.
    expect(nextOfficeOpening(mondays, new Date('2027-03-08T16:30:00Z'))?.toISOString()).toBe(
      '2027-03-15T15:00:00.000Z',
    );
  });
});

describe('office hours in words', () => {
  it.each<[number, string]>([
    [0, '12:00 a. m.'],
    [480, '8:00 a. m.'],
    [720, '12:00 p. m.'],
    [810, '1:30 p. m.'],
    [1080, '6:00 p. m.'],
    [1440, '12:00 a. m.'],
  ])('formats minute %i as %s', (minute, text) => {
    expect(formatClockTime(minute)).toBe(text);
  });

  it('describes the rules', () => {
    expect(describeOfficeHours(defaultHours)).toBe('lunes a sábado, de 8:00 a. m. a 6:00 p. m.');
    expect(describeOfficeHours(parseOfficeHours('1,3,5 13:00-17:00; 6-7 09:00-12:00')!)).toBe(
      'lunes, miércoles y viernes, de 1:00 p. m. a 5:00 p. m.; sábado y domingo, de 9:00 a. m. a 12:00 p. m.',
    );
  });

  it.each<[string, string, string]>([
    ['2027-03-08T12:00:00Z', '2027-03-08T14:00:00Z', 'hoy a partir de las 8:00 a. m.'],
    ['2027-03-09T01:00:00Z', '2027-03-09T14:00:00Z', 'mañana a partir de las 8:00 a. m.'],
    ['2027-03-14T00:30:00Z', '2027-03-15T14:00:00Z', 'el lunes a partir de las 8:00 a. m.'],
    ['2027-03-08T12:00:00Z', '2027-03-08T19:00:00Z', 'hoy a partir de la 1:00 p. m.'],
  ])('at %s an opening at %s reads %j', (now, opening, text) => {
    expect(describeNextOpening(new Date(opening), new Date(now))).toBe(text);
  });

  it('tells the borrower when an answer can be expected', () => {
    const now = new Date('2027-03-14T00:30:00Z');
    expect(chatAvailabilityText(nextOfficeOpening(defaultHours, now), now)).toBe(
      'Estamos fuera de horario. Puedes escribirnos y te responderemos el lunes a partir de las 8:00 a. m.',
    );
    expect(chatAvailabilityText(null, now)).toBe('Estamos atendiendo. Te responderemos lo antes posible.');
    // An opening already past (the app's data is a little old) reads as open.
    expect(chatAvailabilityText(new Date('2027-03-14T00:00:00Z'), now)).toBe(
      'Estamos atendiendo. Te responderemos lo antes posible.',
    );
  });
});
