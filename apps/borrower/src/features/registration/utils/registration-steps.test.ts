import {
  CONNECTION_ERROR_MESSAGE,
  EMAIL_IN_USE_MESSAGE,
  ID_IN_USE_MESSAGE,
  IDENTITY_NOT_FOUND_MESSAGE,
  PHONE_IN_USE_MESSAGE,
  UNDERAGE_MESSAGE,
  type CensusRecord,
} from '@prestamos-hn/domain';
import { karla as karlaPerson } from '@prestamos-hn/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  canLeaveAccountStep,
  canLeaveIdentityStep,
  canLeavePersonalStep,
  conflictsOf,
  isBirthDateValid,
  stepToReview,
} from './registration-rules';
import { readCensusAnswer, type CensusLookup } from './registration-steps';

const today = '2025-06-01';
/** Karla's census answer on `today`, with her age. */
const karla: CensusRecord = { ...karlaPerson.census, EDAD: 35 };
const found: CensusLookup = { state: 'done', record: karla, message: null };
const identity = {
  identityNumber: karlaPerson.identityNumber,
  firstName: 'KARLA',
  secondName: '',
  firstSurname: 'MARTINEZ',
  secondSurname: '',
};
const personal = {
  email: 'karla@correo.hn',
  gender: 'F' as const,
  birthDate: '1990-03-15',
  phone: '31000011',
  code: '123456',
};

describe('readCensusAnswer', () => {
  it.each([
    [{ status: 'success', data: karla }, undefined, karla, null],
    [
      { status: 'success', data: { ...karla, EDAD: 20 } },
      undefined,
      { ...karla, EDAD: 20 },
      UNDERAGE_MESSAGE,
    ],
    [{ status: 'not_found' }, undefined, null, IDENTITY_NOT_FOUND_MESSAGE],
    [undefined, new Error('Failed to fetch'), null, CONNECTION_ERROR_MESSAGE],
  ])('reads %j', (answer, error, record, message) => {
    expect(readCensusAnswer(answer, error)).toEqual({ record, message });
  });

  it('has nothing to say before an answer', () => {
    expect(readCensusAnswer(undefined, null)).toBeNull();
  });
});

describe('step rules', () => {
  it('leaves Identidad only with a census record that allows it and matching names', () => {
    expect(canLeaveIdentityStep(identity, found, today)).toBe(true);
    expect(canLeaveIdentityStep(identity, { state: 'loading' }, today)).toBe(false);
    expect(canLeaveIdentityStep(identity, { ...found, message: UNDERAGE_MESSAGE }, today)).toBe(false);
    expect(canLeaveIdentityStep({ ...identity, firstName: 'KARINA' }, found, today)).toBe(false);
    expect(canLeaveIdentityStep({ ...identity, firstSurname: '' }, found, today)).toBe(false);
  });

  it('leaves Datos personales only with the phone confirmed and the census birth date', () => {
    expect(canLeavePersonalStep(personal, found, today, true)).toBe(true);
    expect(canLeavePersonalStep(personal, found, today, false)).toBe(false);
    expect(canLeavePersonalStep({ ...personal, birthDate: '1990-03-16' }, found, today, true)).toBe(false);
    expect(canLeavePersonalStep({ ...personal, gender: '' }, found, today, true)).toBe(false);
  });

  it('opens the phone only after a valid birth date', () => {
    expect(isBirthDateValid(personal, found, today)).toBe(true);
    expect(isBirthDateValid({ ...personal, birthDate: '' }, found, today)).toBe(false);
    expect(isBirthDateValid({ ...personal, birthDate: '2010-01-01' }, found, today)).toBe(false);
    expect(isBirthDateValid({ ...personal, birthDate: '1990-03-16' }, found, today)).toBe(false);
  });

  it('leaves Datos de cuenta with a strong password repeated and the terms accepted', () => {
    const account = { password: 'Clave#2024a', passwordRepeat: 'Clave#2024a', termsAccepted: true };
    expect(canLeaveAccountStep(account)).toBe(true);
    expect(canLeaveAccountStep({ ...account, termsAccepted: false })).toBe(false);
    expect(canLeaveAccountStep({ ...account, passwordRepeat: 'Clave#2024b' })).toBe(false);
    expect(canLeaveAccountStep({ ...account, password: 'Clave2024a', passwordRepeat: 'Clave2024a' })).toBe(
      false,
    );
  });

  it('reviews names on the first step, sex and birth date on the second', () => {
    expect(stepToReview(['secondName'])).toBe(0);
    expect(stepToReview(['sex', 'birthDate'])).toBe(1);
  });
});

describe('conflictsOf', () => {
  it('maps ER-API fields to the field to clear, its step and its message, in step order', () => {
    expect(conflictsOf({ mob_phone: 'x', email: 'x', person_code: 'x' })).toEqual([
      { field: 'identityNumber', step: 0, message: ID_IN_USE_MESSAGE },
      { field: 'email', step: 1, message: EMAIL_IN_USE_MESSAGE },
      { field: 'phone', step: 1, message: PHONE_IN_USE_MESSAGE },
    ]);
    expect(conflictsOf({})).toEqual([]);
  });
});
