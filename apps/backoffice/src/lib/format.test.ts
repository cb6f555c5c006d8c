import { describe, expect, it } from 'vitest';
import { formatDateTime, formatWaiting } from './format';

describe('formatWaiting', () => {
  it.each([
    [null, '—'],
    [0, '0 min'],
    [45, '45 min'],
    [185, '3 h 5 min'],
    [60 * 52, '2 d 4 h'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(formatWaiting(minutes)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it('shows Honduras time', () => {
    expect(formatDateTime('2026-11-22T16:00:00Z')).toMatch(/22\/11\/(20)?26.*10:00/);
    expect(formatDateTime(null)).toBe('—');
  });
});
