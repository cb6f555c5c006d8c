import { useMutation } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

export interface Credentials {
  email: string;
  password: string;
}

/** login.php: e-mail and password. OK answers a session that waits for its code (sent by SMS). */
export function useLogin() {
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      callLegacy('login', { UsrUsr: email, UsrPwd: password }),
  });
}
