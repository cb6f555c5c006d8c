import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../../config.ts';
import { readJsonFileSync } from '../shared/json-file';
import { normaliseAccountNumber } from './account-number';
import type { BankAccountCheck } from './types';

/** The synthetic accounts shipped with the API, used when no accounts file is configured. */
// From the repository's root, so the same path holds in the compiled server (apps/api/dist/server.js).
export const defaultKnownAccountsFile = path.join(
  repoRoot,
  'apps/api/src/integrations/bank-account/known-accounts.json',
);

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
