import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import type { RecoveryLinkPayload } from '../utils/recovery-link';

/** recoverypwd.php: the link's e-mail and token, and the typed new password. */
export function useChangePassword(link: RecoveryLinkPayload) {
  return useMutation({
    mutationFn: (password: string) =>
      callLegacy('recoverypwd', { UsrMail: link.UsrMail, NewPwd: link.newPWD, UsrPwd: password }),
  });
}
