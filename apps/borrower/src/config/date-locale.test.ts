import { format, startOfWeek } from 'date-fns';
import { WEEK_STARTS_ON } from '@prestamos-hn/domain';
import { describe, expect, it } from 'vitest';
import { dateLocale } from './date-locale';

describe('dateLocale', () => {
  it('starts weeks on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
    expect(dateLocale.options?.weekStartsOn).toBe(WEEK_STARTS_ON);
    // Sunday 12 January 2025 belongs to the week that began on Monday 6 January.
    expect(startOfWeek(new Date(2025, 0, 12), { locale: dateLocale })).toEqual(new Date(2025, 0, 6));
  });

  it('writes dates in Spanish', () => {
    expect(format(new Date(2025, 3, 16), "EEEE d 'de' MMMM", { locale: dateLocale })).toBe(
      'miércoles 16 de abril',
    );
  });
});
