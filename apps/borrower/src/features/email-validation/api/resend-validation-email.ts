import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** resendMail.php: sends the e-mail validation link again. */
export function useResendValidationEmail() {
  return useMutation({ mutationFn: () => callLegacy('resendMail', {}) });
}
