/**
 * The registration's rules: the domain's schemas (and Zod) for each step, as react-hook-form
 * resolvers and as the checks that let the borrower go on, and what a refused registration clears.
 * The form downloads this module when the borrower first focuses a field (registration-form.tsx), so
 * the fields can be typed in before it arrives.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ConflictField } from '@prestamos-hn/contract';
import {
  EMAIL_IN_USE_MESSAGE,
  ID_IN_USE_MESSAGE,
  makeRegistrationIdentitySchema,
  makeRegistrationPersonalSchema,
  makeRegistrationSchema,
  PHONE_IN_USE_MESSAGE,
  registrationAccountSchema,
  type CensusItem,
  type CensusRecord,
  type IsoDate,
  type RegistrationPayload,
} from '@prestamos-hn/domain';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import {
  censusRecordOf,
  type AccountFields,
  type CensusLookup,
  type IdentityFields,
  type PersonalFields,
} from './registration-steps';

export { registrationCensusMismatches } from '@prestamos-hn/domain';

/** A resolver over a schema that depends on the census record, read at validation time. */
function liveResolver<T extends FieldValues>(getSchema: () => ZodType): Resolver<T> {
  return (values, context, options) =>
    (zodResolver(getSchema() as never) as unknown as Resolver<T>)(values, context, options);
}

/** Each step's resolver; the census record is read when the step validates. */
export const identityResolver = (today: IsoDate, census: () => CensusRecord | null) =>
  liveResolver<IdentityFields>(() => makeRegistrationIdentitySchema({ today, census: census() }));
export const personalResolver = (today: IsoDate, census: () => CensusRecord | null) =>
  liveResolver<PersonalFields>(() => makeRegistrationPersonalSchema({ today, census: census() }));
export const accountResolver = liveResolver<AccountFields>(() => registrationAccountSchema);

/** Step 'Identidad': number, first name and first surname valid, and a census record that allows going on. */
export function canLeaveIdentityStep(values: IdentityFields, lookup: CensusLookup, today: IsoDate): boolean {
  if (lookup.state !== 'done' || lookup.record === null || lookup.message !== null) return false;
  return makeRegistrationIdentitySchema({ today, census: lookup.record }).safeParse(values).success;
}

/** Step 'Datos personales': e-mail, gender, birth date and phone valid, and the SMS code confirmed. */
export function canLeavePersonalStep(
  values: PersonalFields,
  lookup: CensusLookup,
  today: IsoDate,
  isPhoneVerified: boolean,
): boolean {
  if (!isPhoneVerified) return false;
  return makeRegistrationPersonalSchema({ today, census: censusRecordOf(lookup) }).safeParse(values).success;
}

/** Step 'Datos de cuenta': both passwords valid and the terms accepted. */
export function canLeaveAccountStep(values: AccountFields): boolean {
  return registrationAccountSchema.safeParse(values).success;
}

/** The birth date is valid (window and census date): only then may the phone be typed. */
export function isBirthDateValid(values: PersonalFields, lookup: CensusLookup, today: IsoDate): boolean {
  const result = makeRegistrationPersonalSchema({ today, census: censusRecordOf(lookup) }).safeParse(values);
  return result.success || !result.error.issues.some((issue) => issue.path[0] === 'birthDate');
}

/** The cleaned registration (register.php's fields), or null if any rule fails. */
export function buildRegistrationPayload(
  identity: IdentityFields,
  personal: PersonalFields,
  account: AccountFields,
  census: CensusRecord | null,
  today: IsoDate,
): RegistrationPayload | null {
  const result = makeRegistrationSchema({ today, census }).safeParse({
    ...identity,
    email: personal.email,
    gender: personal.gender,
    birthDate: personal.birthDate,
    phone: personal.phone,
    password: account.password,
  });
  return result.success ? result.data : null;
}

/** The step to review for a mismatch: names on 'Identidad', sex and birth date on 'Datos personales'. */
export function stepToReview(items: readonly CensusItem[]): number {
  return items.some((item) => item !== 'sex' && item !== 'birthDate') ? 0 : 1;
}

/** An ER-API conflict of register.php: which field it clears, on which step, with which message. */
export interface Conflict {
  field: 'identityNumber' | 'email' | 'phone';
  step: number;
  message: string;
}

const CONFLICTS: Readonly<Record<ConflictField, Conflict>> = {
  person_code: { field: 'identityNumber', step: 0, message: ID_IN_USE_MESSAGE },
  email: { field: 'email', step: 1, message: EMAIL_IN_USE_MESSAGE },
  mob_phone: { field: 'phone', step: 1, message: PHONE_IN_USE_MESSAGE },
};

/** The conflicts of an ER-API answer, in step order (SPEC section 8). */
export function conflictsOf(errors: Partial<Record<ConflictField, string>>): Conflict[] {
  return (Object.keys(CONFLICTS) as ConflictField[])
    .filter((field) => errors[field] !== undefined)
    .map((field) => CONFLICTS[field]);
}
