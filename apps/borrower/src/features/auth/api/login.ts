import { useMutation } from '@tanstack/react-query';
import { callLegacyOnDemand } from '../../../lib/api-client-on-demand';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * login.php: e-mail and password. OK answers a session that waits for its code (sent by SMS). The
 * API client loads on demand: /login paints without it.
 */
export function useLogin() {
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      callLegacyOnDemand('login', { UsrUsr: email, UsrPwd: password }),
  });
}
