import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** recovery.php: e-mails the change-password link (the same answer for known and unknown e-mails). */
export function useRecoverPassword() {
  return useMutation({ mutationFn: (email: string) => callLegacy('recovery', { UsrMail: email }) });
}
