import { describe, expect, it } from 'vitest';
import { LegacyCallError, NetworkError, SessionExpiredError } from '../../../lib/api-client';
import { outcomeOfValidationError } from './email-validation-outcome';

describe('outcomeOfValidationError', () => {
  it.each([
    [new LegacyCallError('ER', 'Ya validado', { message: 'Ya validado', status: 'CMP' }), 'valid'],
    [new NetworkError('Failed to fetch'), 'valid'],
    [new LegacyCallError('ER', 'El enlace no es válido.', { message: 'El enlace no es válido.' }), 'invalid'],
    [new LegacyCallError('500', 'x'), 'invalid'],
    [new SessionExpiredError('x'), 'invalid'],
  ])('reads %o as %s', (error, outcome) => {
    expect(outcomeOfValidationError(error)).toBe(outcome);
  });
});
