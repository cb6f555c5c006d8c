import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMON_PASSWORD_MESSAGE } from '@prestamos-hn/domain';
import { apiDataDir } from '../../paths.ts';
import { UserError } from '../../errors.ts';

/** The 10,000 most common breached passwords, shipped with the project (data/common-passwords.README.md). */
export const COMMON_PASSWORDS_FILE = path.join(apiDataDir, 'common-passwords.txt');

let common: Set<string> | undefined;

/** The list, read once and kept in memory (about 10,000 short strings), lowercased. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

/**
 * Whether `password` is in the list, ignoring case: 'Password1' is as guessable as 'password1', and
 * the list is mostly lowercase. Offline: nothing about the password leaves the server.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Refuses a new password (borrower or staff) found in the list, with the field's Spanish message. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new UserError(COMMON_PASSWORD_MESSAGE, { field });
}
