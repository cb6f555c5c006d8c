import { EMAIL_INVALID_MESSAGE, REQUIRED_FIELD_MESSAGE } from '@prestamos-hn/domain';

export interface LoginInput {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The staff e-mail as it is sent: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Both fields are required and the e-mail must look like one; messages in Spanish. */
export function validateLogin({ email, password }: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  const normalised = normaliseEmail(email);
  if (!normalised) errors.email = REQUIRED_FIELD_MESSAGE;
  else if (!EMAIL_PATTERN.test(normalised)) errors.email = EMAIL_INVALID_MESSAGE;
  if (!password) errors.password = REQUIRED_FIELD_MESSAGE;
  return errors;
}
