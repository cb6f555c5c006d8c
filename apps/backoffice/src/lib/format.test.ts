import { describe, expect, it } from 'vitest';
import {
  centsToAmountText,
  formatActor,
  formatDate,
  formatDateTime,
  formatLempiras,
  formatSessionState,
  formatWaiting,
} from './format';

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
  it('shows Honduras time, the date as dd/mm/aaaa', () => {
    expect(formatDateTime('2026-11-22T16:00:00Z')).toMatch(/^22\/11\/2026, 10:00/);
    expect(formatDateTime('2027-01-05T05:59:00Z')).toMatch(/^04\/01\/2027, 11:59/);
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-22', '22/11/2026'],
    ['2027-01-05', '05/01/2027'],
    [null, '—'],
    ['', '—'],
    ['mañana', 'mañana'],
  ])('%s reads %s', (iso, text) => {
    expect(formatDate(iso)).toBe(text);
  });
});

describe('formatActor', () => {
  it('names who acted, in Spanish', () => {
    expect(formatActor('borrower', '12')).toBe('Cliente #12');
    expect(formatActor('staff', 3)).toBe('Personal #3');
    expect(formatActor('system', null)).toBe('Sistema');
    // A staff member's name when the server knows it.
    expect(formatActor('staff', 3, 'Ana Martínez')).toBe('Ana Martínez');
    expect(formatActor('staff', 3, null)).toBe('Personal #3');
  });
});

describe('formatSessionState', () => {
  it('says whether a session is open, waiting for its code, or how it ended', () => {
    expect(formatSessionState({ state: 'active', endedAt: null, endReason: null })).toBe('Activa');
    expect(formatSessionState({ state: 'pending_code', endedAt: null, endReason: null })).toBe(
      'Esperando código',
    );
    expect(
      formatSessionState({ state: 'active', endedAt: '2026-11-22T16:00:00Z', endReason: 'logout' }),
    ).toBe('Terminada (cerró sesión)');
    expect(
      formatSessionState({
        state: 'active',
        endedAt: '2026-11-22T16:00:00Z',
        endReason: 'password_recovered',
      }),
    ).toBe('Terminada (contraseña recuperada)');
  });
});

describe('formatLempiras and centsToAmountText', () => {
  it.each([
    [0, 'L 0.00', '0.00'],
    [5, 'L 0.05', '0.05'],
    [41_721, 'L 417.21', '417.21'],
    [125_163, 'L 1,251.63', '1251.63'],
    [-83_442, 'L -834.42', '-834.42'],
    [100_000_000, 'L 1,000,000.00', '1000000.00'],
  ])('%s centavos read %s, and %s in an amount field', (cents, text, field) => {
    expect(formatLempiras(cents)).toBe(text.replace(' ', '\u00a0'));
    expect(centsToAmountText(cents)).toBe(field);
  });

  it('shows a dash for no amount', () => {
    expect(formatLempiras(null)).toBe('—');
    expect(formatLempiras(undefined)).toBe('—');
  });
});
