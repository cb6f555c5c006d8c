import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from './api-client';
import { queryKeys } from './query-keys';

// A change of the bank account once one is on file (issue 31), shared by the loan request's step 2
// and the profile: the code asked for with the current password, then the change with both.

/** The account the borrower wants their loans paid into. */
export interface NewBankAccount {
  bank: string;
  account_number: string;
}

/**
 * sendBankAccountCode.php: a code by SMS to the account's phone for this new account, if the current
 * password (`UsrPwd`) is right and no loan request is in progress.
 */
export function useSendBankAccountCode() {
  return useMutation({
    mutationFn: ({ account, password }: { account: NewBankAccount; password: string }) =>
      callLegacy('sendBankAccountCode', {
        UsrBan: account.bank,
        UsrBanNum: account.account_number,
        UsrPwd: password,
      }),
  });
}

/**
 * putProfile.php with the new account, the current password and the SMS code (`OtpLNum`); without
 * `confirmation`, the first account (none on file). On OK the profile and the accounts are read again.
 */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      account,
      confirmation,
    }: {
      account: NewBankAccount;
      confirmation?: { password: string; code: string };
    }) =>
      callLegacy('putProfile', {
        array: {
          bank: account.bank,
          account_number: account.account_number,
          ...(confirmation ? { UsrPwd: confirmation.password, OtpLNum: confirmation.code } : {}),
        },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts }),
      ]),
  });
}
