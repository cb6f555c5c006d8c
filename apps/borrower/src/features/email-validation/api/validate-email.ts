import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { outcomeOfValidationError, type EmailValidationOutcome } from '../utils/email-validation-outcome';

/** validatemail.php with the link's token, read as valid or invalid. */
export async function validateEmail(token: string): Promise<EmailValidationOutcome> {
  try {
    await callLegacy('validatemail', { code: token });
    return 'valid';
  } catch (error) {
    return outcomeOfValidationError(error);
  }
}

export function useEmailValidation(token: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.emailValidation(token),
      queryFn: () => validateEmail(token),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}
