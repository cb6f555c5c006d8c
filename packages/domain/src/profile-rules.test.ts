import { describe, expect, it } from 'vitest';
import {
  hasCompleteReferences,
  isDependentsTypeEnabled,
  isEmailConfirmed,
  isProfileApproved,
  isProfileComplete,
  isStage2Pending,
  isProfileEditable,
  missingProfileFields,
  profileDisplayState,
  profileErrorToShow,
  shouldConfirmProfileData,
  type ProfileCompletenessInput,
} from './profile-rules.ts';

const complete: ProfileCompletenessInput = {
  income_status: 'asalariado',
  bank: '3',
  marital_status: 'soltero',
  income: '15000',
  home_status: 'propia',
  region: '08',
  dependents: 0,
  education: 'universitaria',
  workplace: 'Ferretería Central',
  workplace_position: 'Cajera',
  work_region: '08',
  work_county: '0801',
  work_experience: '2019-03-01',
  ref_tipo_per: 'amigo',
  ref_nom_per: 'ANA LOPEZ',
  ref_tel_per: '99887766',
  ref_tipo_lab: 'jefe',
  ref_nom_lab: 'LUIS PAZ',
  ref_tel_lab: '33445566',
  file1: 'front.png',
  file2: 'back.png',
  file3: 'bill.png',
  file4: 'selfie.png',
};

describe('profile status', () => {
  it.each<[string | number, boolean, boolean]>([
    ['0', true, false],
    [0, true, false],
    ['1', false, true],
    [1, false, true],
    ['2', false, false],
  ])('status %j: editable %s, approved %s', (status, editable, approved) => {
    expect(isProfileEditable(status)).toBe(editable);
    expect(isProfileApproved(status)).toBe(approved);
  });

  it.each<[string | null | undefined, boolean]>([
    ['CMP', true],
    ['PEN', false],
    [null, false],
    [undefined, false],
  ])('MailEst %j confirmed: %s', (mailEst, confirmed) => {
    expect(isEmailConfirmed(mailEst)).toBe(confirmed);
  });

  it.each<[number | string | null, boolean]>([
    [0, false],
    ['0', false],
    [-1, false],
    [null, false],
    [1, true],
    ['3', true],
  ])('dependents %j: type row enabled %s', (dependents, enabled) => {
    expect(isDependentsTypeEnabled(dependents)).toBe(enabled);
  });
});

describe('profile completeness', () => {
  it('is complete with every mandatory field, 0 dependents included', () => {
    expect(missingProfileFields(complete)).toEqual([]);
    expect(isProfileComplete(complete)).toBe(true);
  });

  it.each<[Partial<ProfileCompletenessInput>, string[]]>([
    [{ income: '0' }, ['income']],
    [{ income: 0.5 }, ['income']],
    [{ income: 'abc' }, ['income']],
    [{ income: 1 }, []],
    [{ bank: '' }, ['bank']],
    [{ workplace: '   ' }, ['workplace']],
    [{ dependents: null }, ['dependents']],
    [{ ref_tel_lab: undefined, file4: '' }, ['ref_tel_lab', 'file4']],
  ])('%j misses %j', (change, missing) => {
    expect(missingProfileFields({ ...complete, ...change })).toEqual(missing);
  });

  it.each<[Partial<ProfileCompletenessInput>, boolean]>([
    [{}, true],
    [{ ref_nom_per: '' }, false],
    [{ ref_tipo_lab: null }, false],
  ])('references %j complete: %s', (change, ok) => {
    expect(hasCompleteReferences({ ...complete, ...change })).toBe(ok);
  });
});

describe('display state and confirmation', () => {
  it.each<[Partial<ProfileCompletenessInput>, string, string]>([
    [{}, '1', 'approved'],
    [{}, '0', 'awaitingReview'],
    [{ file1: null }, '0', 'incomplete'],
  ])('%j with status %s is %s', (change, status, state) => {
    expect(profileDisplayState({ ...complete, ...change, status })).toBe(state);
  });

  it.each<[Partial<ProfileCompletenessInput>, string, string | null, boolean]>([
    [{}, '0', null, true],
    [{}, '0', 'CMP', false],
    [{}, '1', null, false],
    [{ file1: null }, '0', null, false],
  ])('%j, status %s, datasend %j: ask %s', (change, status, datasend, ask) => {
    expect(shouldConfirmProfileData({ ...complete, ...change, status, datasend })).toBe(ask);
  });
});

describe('profileErrorToShow', () => {
  it.each<[number | string | null | undefined, string | null | undefined, number | null]>([
    [2, '2026-11-21', 2],
    ['4', '2026-11-21 10:30:00', 4],
    [0, '2026-11-21', 0],
    [2, '2026-11-22', null],
    [2, '2026-11-20', null],
    [null, '2026-11-21', null],
    [2, null, null],
    [9, '2026-11-21', null],
  ])('errores_perfil %j modified %j: %j', (code, modified, shown) => {
    expect(profileErrorToShow({ errores_perfil: code, modified }, '2026-11-22')).toBe(shown);
  });
});

describe('isStage2Pending', () => {
  const done = {
    bank: '2',
    account_number: '123456789',
    home_status: 'propia',
    income_status: 'asalariado',
    marital_status: 'soltero',
    dependents: 0,
    income: 15000,
    work_experience: '2020-01-01',
  };
  it('is done when every stage 2 answer is there (0 dependents is an answer)', () => {
    expect(isStage2Pending(done)).toBe(false);
  });
  it.each(Object.keys(done))('is pending without %s', (key) => {
    const value = typeof done[key as keyof typeof done] === 'number' ? null : '';
    expect(isStage2Pending({ ...done, [key]: value })).toBe(true);
  });
});
