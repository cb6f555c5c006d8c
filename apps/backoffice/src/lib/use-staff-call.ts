import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';

/**
 * A staff call a screen makes outside react-admin's CRUD (a decision, the dashboard, the ledger),
 * bound to the session the way the data provider's calls are: a 401 ends it (the auth provider's
 * `checkError` decides) and the error still reaches the caller. react-admin's own proxy answers a
 * stand-in `{ data: {} }` after a logout instead, which is not the call's typed answer.
 */
export function useStaffCall<Args extends unknown[], Answer>(
  call: (...args: Args) => Promise<Answer>,
): (...args: Args) => Promise<Answer> {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    (...args: Args) =>
      call(...args).catch(async (error: unknown) => {
        await logoutIfAccessDenied(error);
        throw error;
      }),
    [call, logoutIfAccessDenied],
  );
}
