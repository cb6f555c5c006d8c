import { PROFILE_EDIT_FIELDS } from '@prestamos-hn/domain';
import { describe, expect, it } from 'vitest';
import { profileMessages } from './profile-messages.ts';
import { profileCalls } from './profile.ts';

const { request, wireNames } = profileCalls.putProfile;

describe('putProfile.php request', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'keeps the profile names',
      { income: 15000, income_status: 'asalariado' },
      { income: 15000, income_status: 'asalariado' },
    ],
    [
      'names the phone code `code`',
      { mob_phone: '99887766', OtpLNum: '123456' },
      { mob_phone: '99887766', code: '123456' },
    ],
    [
      'names a bank-account change’s code `code` and its password `currentPassword`',
      { bank: '2', account_number: '5550', UsrPwd: 'Clave123!', OtpLNum: '123456' },
      { bank: '2', account_number: '5550', currentPassword: 'Clave123!', code: '123456' },
    ],
    ['passes no changes on as none', {}, {}],
  ])('%s', (_case, array, changes) => {
    expect(request.parse({ array })).toEqual({ changes });
  });

  it.each([
    ['status', { income: 20000, status: '1' }],
    ['email', { email: 'otro@example.com' }],
    ['code', { mob_phone: '99887766', code: '123456' }],
    ['currentPassword', { bank: '2', currentPassword: 'x' }],
    ['constructor', { constructor: 1 }],
  ])('refuses a key that is not editable: %s', (key, array) => {
    const result = request.safeParse({ array });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: profileMessages.fieldNotEditable(key), path: [key] }),
    ]);
  });

  it.each(PROFILE_EDIT_FIELDS)('accepts %s, a field of the edit groups', (field) => {
    expect(request.parse({ array: { [field]: 'x' } })).toEqual({ changes: { [field]: 'x' } });
  });

  it('answers a refused code or password under its wire name', () => {
    expect(wireNames).toEqual({ code: 'OtpLNum', currentPassword: 'UsrPwd' });
  });
});
