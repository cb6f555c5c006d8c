import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/**
 * otp_upd.php: sends a code by SMS to the new phone (refused within 6 months, with `fechaexp`). The
 * current password goes with it (`UsrPwd`): the server refuses the change without it.
 */
export function useSendPhoneChangeCode() {
  return useMutation({
    mutationFn: ({ phone, password }: { phone: string; password: string }) =>
      callLegacy('otp_upd', { UsrTelNew: phone, UsrPwd: password }),
  });
}
