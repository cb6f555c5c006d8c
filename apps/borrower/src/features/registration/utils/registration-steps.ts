import { censusLookupMessage, type CensusRecord } from '@prestamos-hn/domain';

/**
 * The registration's steps without their rules: fields, empty values, the census lookup.
 * The rules, which need the schemas and Zod, are in ./registration-rules (downloaded after the
 * first paint).
 */
export const REGISTRATION_TITLE = 'ETAPA1: Crea tu perfil';
export const STEP_LABELS = ['Identidad', 'Datos personales', 'Datos de cuenta'] as const;
/** The summary shows after the last step. */
export const SUMMARY_STEP = STEP_LABELS.length;
export const REGISTRATION_SUCCESS_MESSAGE = 'Cuenta creada correctamente.';

export interface IdentityFields {
  identityNumber: string;
  firstName: string;
  secondName: string;
  firstSurname: string;
  secondSurname: string;
}
export interface PersonalFields {
  email: string;
  gender: '' | 'M' | 'F';
  birthDate: string;
  phone: string;
  code: string;
}
export interface AccountFields {
  password: string;
  passwordRepeat: string;
  termsAccepted: boolean;
}

export const emptyIdentity: IdentityFields = {
  identityNumber: '',
  firstName: '',
  secondName: '',
  firstSurname: '',
  secondSurname: '',
};
export const emptyPersonal: PersonalFields = {
  email: '',
  gender: '',
  birthDate: '',
  phone: '',
  code: '',
};
export const emptyAccount: AccountFields = { password: '', passwordRepeat: '', termsAccepted: false };

/** The census lookup as the identity step sees it. */
export type CensusLookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; record: CensusRecord | null; message: string | null };

/** Reads the registry's answer (or the failure) into a record and the identity field's message. */
export function readCensusAnswer(
  answer: { status: string; data?: CensusRecord; message?: string } | undefined,
  error: unknown,
) {
  if (error) return { record: null, message: censusLookupMessage({ networkError: true }) };
  if (!answer) return null;
  const message = censusLookupMessage({
    status: answer.status,
    age: answer.data?.EDAD,
    message: answer.message,
  });
  return {
    record: answer.status === 'success' && answer.data ? answer.data : null,
    message,
  };
}

export function censusRecordOf(lookup: CensusLookup): CensusRecord | null {
  return lookup.state === 'done' ? lookup.record : null;
}
