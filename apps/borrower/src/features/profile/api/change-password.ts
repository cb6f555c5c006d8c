import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** PostResetPassword.php: the current and the new password. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { UsrPwd: string; UsrPwdNew: string }) => callLegacy('PostResetPassword', input),
  });
}
