import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  ageInYears,
  daysBetween,
  formatLongDate,
  formatShortDate,
  isHolyWeekClosure,
  isIsoDate,
  isReceiptWindowOpen,
  isWithinYearsAgo,
  tegucigalpaDateTime,
  timeInTegucigalpa,
  todayInTegucigalpa,
} from './time.ts';

describe('isReceiptWindowOpen (00:00 to 19:59 Tegucigalpa, UTC-6)', () => {
  it.each<[string, boolean]>([
    ['2027-03-11T01:59:59Z', true], // 19:59:59 on 10 March
    ['2027-03-11T02:00:00Z', false], // 20:00:00
    ['2027-03-11T05:59:59Z', false], // 23:59:59
    ['2027-03-11T06:00:00Z', true], // 00:00:00 on 11 March
    ['2027-03-11T14:00:00Z', true], // 08:00
    ['2027-03-11T13:59:59Z', true], // 07:59:59: open although the notice says 8:00 am
    ['2027-07-01T01:59:59.999Z', true], // no daylight saving in July either
    ['2027-07-01T02:00:00Z', false],
  ])('at %s: %s', (instant, open) => {
    expect(isReceiptWindowOpen(new Date(instant))).toBe(open);
  });
});

describe('isHolyWeekClosure (16 to 19 April, Tegucigalpa)', () => {
  it.each<[string, boolean]>([
    ['2027-04-15T12:00:00Z', false],
    ['2027-04-16T05:59:59Z', false], // still 15 April in Tegucigalpa
    ['2027-04-16T06:00:00Z', true],
    ['2027-04-17T12:00:00Z', true],
    ['2027-04-18T12:00:00Z', true],
    ['2027-04-20T05:59:59Z', true], // still 19 April in Tegucigalpa
    ['2027-04-20T06:00:00Z', false],
    ['2027-04-20T12:00:00Z', false],
    ['2027-03-17T12:00:00Z', false],
    ['2026-04-19T20:00:00Z', true],
  ])('at %s: %s', (instant, closed) => {
    expect(isHolyWeekClosure(new Date(instant))).toBe(closed);
  });
});

describe('Tegucigalpa local time', () => {
  it.each<[string, string, string]>([
    ['2027-01-01T05:59:59Z', '2026-12-31', '23:59:59'],
    ['2027-01-01T06:00:00Z', '2027-01-01', '00:00:00'],
    ['2028-02-29T18:30:05Z', '2028-02-29', '12:30:05'],
  ])('%s is %s %s', (instant, date, time) => {
    expect(todayInTegucigalpa(new Date(instant))).toBe(date);
    expect(timeInTegucigalpa(new Date(instant))).toBe(time);
  });

  it('rejects an invalid date', () => {
    expect(() => tegucigalpaDateTime(new Date('nope'))).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it.each<[string, number, string]>([
    ['2027-01-01', 30, '2027-01-31'],
    ['2027-01-01', 60, '2027-03-02'],
    ['2027-01-01', 90, '2027-04-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-12-31', 1, '2028-01-01'],
    ['2027-01-01', 365, '2028-01-01'],
    ['2027-03-01', -1, '2027-02-28'],
    ['0050-01-01', 1, '0050-01-02'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(daysBetween(date, expected)).toBe(days);
  });

  it.each<[string, number, string]>([
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-08-31', -6, '2027-02-28'],
    ['2027-05-15', 12, '2028-05-15'],
  ])('%s plus %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['2028-02-29', -1, '2027-02-28'],
    ['2027-11-22', -21, '2006-11-22'],
  ])('%s plus %i years is %s', (date, years, expected) => {
    expect(addYears(date, years)).toBe(expected);
  });

  it.each(['2027-02-29', '2027-13-01', '2027-1-1', '20270101', ''])('%j is not a date', (text) => {
    expect(isIsoDate(text)).toBe(false);
    expect(() => addDays(text, 1)).toThrow(RangeError);
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2026-11-22', '22 de noviembre de 2026'],
    ['2027-01-01', '1 de enero de 2027'],
    ['2028-02-29', '29 de febrero de 2028'],
    ['2027-09-30', '30 de septiembre de 2027'],
  ])('%s reads %s', (date, text) => expect(formatLongDate(date)).toBe(text));

  it('refuses what is not a date', () => expect(() => formatLongDate('2027-02-30')).toThrow(RangeError));
});

describe('formatShortDate', () => {
  it.each([
    ['2026-11-22', '22/11/2026'],
    ['2027-01-05', '05/01/2027'],
    ['2028-02-29', '29/02/2028'],
  ])('%s reads %s', (date, text) => expect(formatShortDate(date)).toBe(text));

  it('refuses what is not a date', () => expect(() => formatShortDate('2027-02-30')).toThrow(RangeError));
});

describe('ageInYears', () => {
  it.each<[string, string, number]>([
    ['2000-06-15', '2021-06-14', 20],
    ['2000-06-15', '2021-06-15', 21],
    ['2000-06-15', '2021-12-31', 21],
    ['2000-02-29', '2021-02-28', 20],
    ['2000-02-29', '2021-03-01', 21],
    ['2000-02-29', '2024-02-29', 24],
    ['2027-01-01', '2027-01-01', 0],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageInYears(birth, today)).toBe(age);
  });
});

describe('isWithinYearsAgo', () => {
  it.each<[string, boolean]>([
    ['2005-11-22', true], // exactly 21 years before 2026-11-22
    ['2005-11-23', false],
    ['1946-11-22', true], // exactly 80 years
    ['1946-11-21', false],
    ['nope', false],
  ])('%s is 21 to 80 years before 2026-11-22: %s', (date, within) => {
    expect(isWithinYearsAgo(date, '2026-11-22', 21, 80)).toBe(within);
  });
});
