import { describe, expect, it } from 'vitest';
import { formatActor, formatDateTime, formatSessionState, formatWaiting } from './format';

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

describe('formatActor', () => {
  it('names who acted, in Spanish', () => {
    expect(formatActor('borrower', '12')).toBe('Cliente #12');
    expect(formatActor('staff', 3)).toBe('Personal #3');
    expect(formatActor('system', null)).toBe('Sistema');
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
