import { describe, expect, it } from 'vitest';
import { accountChanges } from './account-changes';

const previous = {
  bankCode: 2,
  accountNumber: '200123456',
  holderName: 'Préstamos HN S. A.',
  sortOrder: 0,
  active: true,
};

describe('accountChanges', () => {
  it('sends nothing for an unchanged form, numbers read from text', () => {
    expect(accountChanges(previous, { ...previous, bankCode: '2', sortOrder: '0' })).toEqual({});
  });

  it('sends only what changed: a deactivation, a new holder', () => {
    expect(accountChanges(previous, { ...previous, active: false, holderName: 'Otro' })).toEqual({
      active: false,
      holderName: 'Otro',
    });
    expect(accountChanges(previous, { ...previous, bankCode: '1', sortOrder: 3 })).toEqual({
      bankCode: 1,
      sortOrder: 3,
    });
  });
});
