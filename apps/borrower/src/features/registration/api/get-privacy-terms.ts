import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** The query key of the privacy terms (read again when the server says they changed). */
export const privacyTermsKey = ['privacy-terms'] as const;

/**
 * getPrivacyTerms.php: the current version of the privacy terms (issue 35 point 9), read when the
 * terms dialog opens; register.php sends back the version accepted.
 */
export function usePrivacyTerms(enabled: boolean) {
  return useQuery({
    queryKey: privacyTermsKey,
    queryFn: () => callLegacy('getPrivacyTerms', {}),
    enabled,
    staleTime: Infinity,
  });
}
