import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** otp_upd.php: sends a code by SMS to the new phone (refused within 6 months, with `fechaexp`). */
export function useSendPhoneChangeCode() {
  return useMutation({ mutationFn: (phone: string) => callLegacy('otp_upd', { UsrTelNew: phone }) });
}
