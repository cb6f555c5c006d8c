import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const sessionCalls = {
  /** Ends the session on the server (the app then forgets its sid). Also valid while waiting for a code. */
  logout: defineEndpoint({
    file: 'logout.php',
    access: 'pending-session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ message: z.string() }),
  }),
};
