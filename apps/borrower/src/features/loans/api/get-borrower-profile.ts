import { BANK_POLL_MS } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions, selectProfileData } from '../../../lib/shared-queries';

/**
 * getProfile.php, as the loan application reads it: the profile status (approved or not) and the
 * bank account on file. With `isPolling` (the bank step of the request) it is read every second
 * (SPEC sections 7 and 9), so an account changed anywhere shows at once.
 */
export function useBorrowerProfile({ isPolling = false }: { isPolling?: boolean } = {}) {
  return useQuery({
    ...profileQueryOptions(),
    select: selectProfileData,
    refetchInterval: isPolling ? BANK_POLL_MS : false,
  });
}
