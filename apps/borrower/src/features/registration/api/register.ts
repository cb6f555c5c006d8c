import { useMutation } from '@tanstack/react-query';
import type { RegistrationPayload } from '@prestamos-hn/domain';
import { callLegacy } from '../../../lib/api-client';

/** register.php: stage 1. OK answers an active session and who is logged in. */
export function useRegister() {
  return useMutation({ mutationFn: (payload: RegistrationPayload) => callLegacy('register', payload) });
}
