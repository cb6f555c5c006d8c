import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { callLegacy } from '../../../lib/api-client';
import { clearSid } from '../../../lib/session';

/** Ends the session on the server (whatever it answers), forgets it here, and goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => callLegacy('logout', {}).catch(() => undefined),
    onSettled: () => {
      clearSid();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
  });
}
