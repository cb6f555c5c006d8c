import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readJsonFileSync } from '../shared/json-file';
import { normaliseAccountNumber } from './account-number';
import type { BankAccountCheck } from './types';

/** The synthetic accounts shipped with the API, used when no accounts file is configured. */
export const defaultKnownAccountsFile = fileURLToPath(new URL('./known-accounts.json', import.meta.url));

const accountsFileSchema = z.object({
  accounts: z.array(
    z
      .string()
      .refine(
        (account) => /^\d{4,30}$/.test(normaliseAccountNumber(account)),
        'cada cuenta debe tener de 4 a 30 dígitos (se permiten guiones y espacios)',
      ),
  ),
});

/**
 * The existence lookup, offline: the rule is "known if it is in the list", comparing numbers with
 * hyphens and spaces stripped on both sides. The file (`{ "accounts": [...] }`) is read and validated
 * once, here, so a wrong file stops the server at start with the file's name.
 */
export function createSimulatedBankAccountCheck(options: { accountsFile?: string } = {}): BankAccountCheck {
  const file = options.accountsFile ?? defaultKnownAccountsFile;
  const { accounts } = readJsonFileSync(file, accountsFileSchema, 'cuentas bancarias conocidas');
  const known = new Set(accounts.map(normaliseAccountNumber));

  return {
    async exists(accountNumber) {
      return known.has(normaliseAccountNumber(accountNumber));
    },
  };
}
