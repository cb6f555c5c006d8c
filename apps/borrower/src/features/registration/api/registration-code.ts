import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** otp_cre.php: sends the registration code by SMS. */
export function useSendRegistrationCode() {
  return useMutation({ mutationFn: (phone: string) => callLegacy('otp_cre', { UsrTel: phone }) });
}

/** otp_cmp.php: confirms the code for that phone. */
export function useConfirmRegistrationCode() {
  return useMutation({
    mutationFn: ({ phone, code }: { phone: string; code: string }) =>
      callLegacy('otp_cmp', { UsrTel: phone, OtpCod: code }),
  });
}
