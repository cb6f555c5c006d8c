import type { RecoveryLink } from '@prestamos-hn/contract';
import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** recoverypwd.php: the link's e-mail and token, and the typed new password. */
export function useChangePassword(link: RecoveryLink) {
  return useMutation({
    mutationFn: (password: string) =>
      callLegacy('recoverypwd', { UsrMail: link.email, NewPwd: link.token, UsrPwd: password }),
  });
}
