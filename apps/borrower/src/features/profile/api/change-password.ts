import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** PostResetPassword.php: the current and the new password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      callLegacy('PostResetPassword', { UsrPwd: currentPassword, UsrPwdNew: newPassword }),
  });
}
