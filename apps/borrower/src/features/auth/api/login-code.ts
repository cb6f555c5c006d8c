import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { RELOAD_ON_SESSION_EXPIRED } from '../../../lib/query-client';

// ERS on the code dialog reloads the page (SPEC section 8), hence the meta on each call.

/** otp_login.php: sends the login code by SMS again. */
export function useResendLoginCodeBySms() {
  return useMutation({
    mutationFn: () => callLegacy('otp_login', {}),
    meta: RELOAD_ON_SESSION_EXPIRED,
  });
}

/** otp_mail.php: sends the login code to the e-mail instead. */
export function useSendLoginCodeByEmail() {
  return useMutation({
    mutationFn: () => callLegacy('otp_mail', {}),
    meta: RELOAD_ON_SESSION_EXPIRED,
  });
}

/** otp_cmp_login.php: confirms the code; the answer carries the new active session's sid. */
export function useConfirmLoginCode() {
  return useMutation({
    mutationFn: (code: string) => callLegacy('otp_cmp_login', { OtpLNum: code }),
    meta: RELOAD_ON_SESSION_EXPIRED,
  });
}
