import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualCostPercent, quoteLoan, type QuoteInput } from './loan-math.ts';
import { addDays, daysBetween } from './time.ts';
import { holidaySet, instalmentDueDate, isDayOff, isSunday, nextWorkingDay } from './working-days.ts';

/** Honduras's national holidays 2026-2028 as migration 0013 seeds them. */
const SEEDED = [
  '2026-01-01',
  '2026-04-02',
  '2026-04-03',
  '2026-04-04',
  '2026-04-14',
  '2026-05-01',
  '2026-09-15',
  '2026-10-07',
  '2026-10-08',
  '2026-10-09',
  '2026-12-25',
  '2027-01-01',
  '2027-03-25',
  '2027-03-26',
  '2027-03-27',
  '2027-04-14',
  '2027-05-01',
  '2027-09-15',
  '2027-10-06',
  '2027-10-07',
  '2027-10-08',
  '2027-12-25',
  '2028-01-01',
  '2028-04-13',
  '2028-04-14',
  '2028-04-15',
  '2028-05-01',
  '2028-09-15',
  '2028-10-04',
  '2028-10-05',
  '2028-10-06',
  '2028-12-25',
];
const calendar = holidaySet(SEEDED);
const none = holidaySet([]);

describe('isSunday', () => {
  it.each([
    ['2026-11-22', true],
    ['2026-11-23', false],
    ['2026-11-28', false],
    ['2026-01-04', true],
    ['2025-12-28', true],
    ['2028-02-27', true],
    ['2028-02-29', false],
    ['1999-12-26', true],
  ])('%s: %s', (date, sunday) => {
    expect(isSunday(date)).toBe(sunday);
  });

  it('is true exactly every seventh day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 20_000 }), (offset) => {
        const date = addDays('2026-11-22', offset);
        expect(isSunday(date)).toBe(offset % 7 === 0);
      }),
    );
  });

  it('refuses text that is not a date', () => {
    expect(() => isSunday('2026-02-30')).toThrow(RangeError);
    expect(() => isDayOff('22/11/2026', none)).toThrow(RangeError);
  });
});

describe('isDayOff', () => {
  it.each([
    ['2026-11-22', true, 'a Sunday'],
    ['2026-11-21', false, 'a Saturday is a working day'],
    ['2026-09-15', true, 'Independence Day (a Tuesday)'],
    ['2027-03-25', true, 'Holy Thursday'],
    ['2027-03-27', true, 'Holy Saturday'],
    ['2027-10-07', true, 'the Morazán week'],
    ['2027-10-09', false, 'the Saturday after the Morazán week'],
    ['2027-10-12', false, '12 October itself: the Morazán week stands for it'],
  ])('%s: %s (%s)', (date, off) => {
    expect(isDayOff(date, calendar)).toBe(off);
  });

  it('without a calendar, only Sundays', () => {
    expect(isDayOff('2026-09-15', none)).toBe(false);
    expect(isDayOff('2026-09-13', none)).toBe(true);
  });
});

describe('nextWorkingDay', () => {
  it.each([
    ['2026-11-23', '2026-11-23', 'a working Monday stays'],
    ['2026-11-21', '2026-11-21', 'a Saturday stays'],
    ['2026-11-22', '2026-11-23', 'a Sunday moves to Monday'],
    ['2026-09-15', '2026-09-16', 'a holiday on a Tuesday moves to Wednesday'],
    ['2026-04-02', '2026-04-06', 'Holy Thursday: Friday, Saturday and Sunday are off too'],
    ['2026-04-04', '2026-04-06', 'Holy Saturday'],
    ['2027-03-25', '2027-03-29', 'Holy Thursday 2027'],
    ['2028-04-13', '2028-04-17', 'Holy Thursday 2028 (Good Friday is also Día de las Américas)'],
    ['2026-10-07', '2026-10-10', 'the Morazán week moves to its Saturday'],
    ['2027-10-06', '2027-10-09', 'the Morazán week 2027'],
    ['2028-10-05', '2028-10-07', 'the middle of the Morazán week 2028'],
    ['2027-12-25', '2027-12-27', 'Christmas on a Saturday, then Sunday'],
    ['2027-12-26', '2027-12-27', 'the Sunday after Christmas'],
    ['2028-01-01', '2028-01-03', "New Year's Day on a Saturday, then Sunday"],
    ['2026-12-25', '2026-12-26', 'Christmas on a Friday: the Saturday after is a working day'],
  ])('%s gives %s (%s)', (date, expected) => {
    expect(nextWorkingDay(date, calendar)).toBe(expected);
  });

  it('never goes back, never moves a working day, and lands on a working day within days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 366 }), (offset) => {
        const date = addDays('2026-01-01', offset);
        const moved = nextWorkingDay(date, calendar);
        expect(isDayOff(moved, calendar)).toBe(false);
        expect(daysBetween(date, moved)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(date, moved)).toBeLessThanOrEqual(4);
        if (!isDayOff(date, calendar)) expect(moved).toBe(date);
        // Every day skipped was a day off.
        for (let day = date; day < moved; day = addDays(day, 1)) expect(isDayOff(day, calendar)).toBe(true);
      }),
    );
  });

  it('refuses a calendar with more than a month off in a row', () => {
    const month = holidaySet(Array.from({ length: 40 }, (_, i) => addDays('2027-06-01', i)));
    expect(() => nextWorkingDay('2027-06-01', month)).toThrow(RangeError);
  });
});

describe('instalmentDueDate', () => {
  it('counts every instalment from the start, so one moved date does not move the next', () => {
    // Monthly from Friday 1 January 2027: 31 January is a Sunday, 2 March and 1 April are not.
    expect([1, 2, 3].map((k) => instalmentDueDate('2027-01-01', 30, k, calendar))).toEqual([
      '2027-02-01',
      '2027-03-02',
      '2027-04-01',
    ]);
    // Weekly from Thursday 18 March 2027: 25 March is Holy Thursday, 1 April is not.
    expect([1, 2].map((k) => instalmentDueDate('2027-03-18', 7, k, calendar))).toEqual([
      '2027-03-29',
      '2027-04-01',
    ]);
  });
});

describe('holidaySet', () => {
  it('keeps each date once and refuses what is not a date', () => {
    expect([...holidaySet(['2026-09-15', '2026-09-15', '2026-01-01'])].sort()).toEqual([
      '2026-01-01',
      '2026-09-15',
    ]);
    expect(() => holidaySet(['2026-13-01'])).toThrow(RangeError);
  });
});

describe('quoteLoan with the holiday calendar', () => {
  // The decision record's example: L 1,000 over 90 days, monthly, from Friday 1 January 2027.
  const example: QuoteInput = {
    amountCents: 100_000,
    termDays: 90,
    period: 'mensual',
    annualRatePct: 60,
    feeType: 'percent',
    feeValue: 5,
    startDate: '2027-01-01',
  };

  it('moves a due date on a Sunday to Monday, every amount as it was', () => {
    const plain = quoteLoan(example);
    const moved = quoteLoan({ ...example, holidays: SEEDED });
    expect(plain.payments.map((p) => p.dueDate)).toEqual(['2027-01-31', '2027-03-02', '2027-04-01']);
    expect(moved.payments.map((p) => p.dueDate)).toEqual(['2027-02-01', '2027-03-02', '2027-04-01']);
    const amounts = (quote: typeof plain) => ({
      ...quote,
      payments: quote.payments.map(({ dueDate: _, ...rest }) => rest),
    });
    expect(amounts(moved)).toEqual(amounts(plain));
  });

  it('moves a weekly instalment off Holy Week to the Monday after Easter', () => {
    const quote = quoteLoan({
      ...example,
      period: 'semanal',
      termDays: 28,
      startDate: '2027-03-04',
      holidays: SEEDED,
    });
    expect(quote.payments.map((p) => p.dueDate)).toEqual([
      '2027-03-11',
      '2027-03-18',
      '2027-03-29',
      '2027-04-01',
    ]);
  });

  it('an empty calendar still moves Sundays; no calendar moves nothing', () => {
    expect(quoteLoan({ ...example, holidays: [] }).payments[0]!.dueDate).toBe('2027-02-01');
    expect(quoteLoan(example).payments[0]!.dueDate).toBe('2027-01-31');
  });

  it('the annual cost reads the moved dates: one more day to pay costs a little less a year', () => {
    const plain = annualCostPercent(quoteLoan(example));
    const moved = annualCostPercent(quoteLoan({ ...example, holidays: SEEDED }));
    expect(plain).toBe(302.2);
    expect(moved).toBeLessThan(plain);
    expect(moved).toBeGreaterThan(295);
  });

  it('no due date of any quote falls on a day off, and each moves at most 4 days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 365 }),
        fc.constantFrom(['semanal', 28], ['quincenal', 30], ['mensual', 360]) as fc.Arbitrary<
          ['semanal' | 'quincenal' | 'mensual', number]
        >,
        (offset, [period, termDays]) => {
          const startDate = addDays('2026-01-01', offset);
          const input: QuoteInput = { ...example, period, termDays, startDate };
          const plain = quoteLoan(input).payments;
          const moved = quoteLoan({ ...input, holidays: SEEDED }).payments;
          moved.forEach((payment, index) => {
            if (payment.dueDate <= '2028-12-31') expect(isDayOff(payment.dueDate, calendar)).toBe(false);
            const shift = daysBetween(plain[index]!.dueDate, payment.dueDate);
            expect(shift).toBeGreaterThanOrEqual(0);
            expect(shift).toBeLessThanOrEqual(4);
            expect(payment.totalCents).toBe(plain[index]!.totalCents);
          });
        },
      ),
    );
  });
});
