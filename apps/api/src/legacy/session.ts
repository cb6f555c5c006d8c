import { endSession } from '../services/sessions.ts';
import type { HandlerTable } from './handler.ts';

export const sessionHandlers = {
  logout: async ({ deps, session }) => {
    await endSession(deps, session.id, 'logout');
    return { message: 'Sesión cerrada.' };
  },
} satisfies HandlerTable<'logout'>;
