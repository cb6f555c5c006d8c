import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it.each([
    ['1990-07-04', '04/07/1990'],
    ['2024-02-29 10:30:00', '29/02/2024'],
    ['2023-12-31T23:59:59Z', '31/12/2023'],
  ])('writes %s as %s', (iso, shown) => {
    expect(formatDate(iso)).toBe(shown);
  });

  it("writes '—' when there is no date", () => {
    expect(formatDate('')).toBe('—');
  });

  it('leaves a text that is not a real date as it came', () => {
    expect(formatDate('2023-02-30')).toBe('2023-02-30');
    expect(formatDate('04/07/1990')).toBe('04/07/1990');
  });
});
