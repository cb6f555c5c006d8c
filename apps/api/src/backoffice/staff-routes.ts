import type { FastifyInstance } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { createStaff, listStaff, updateStaff } from '../services/staff/staff-accounts.ts';
import { addRoute } from './route.ts';
import { createStaffBody, idParam, updateStaffBody } from './schemas.ts';

const staffIdParam = idParam('id', 'Identificador de personal inválido.');

/** Staff management: admins only. */
export function staffRoutes(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, {
    method: 'GET',
    url: '/staff',
    access: 'staff.manage',
    handler: async () => ({ items: await listStaff(deps) }),
  });

  addRoute(app, deps, {
    method: 'POST',
    url: '/staff',
    access: 'staff.manage',
    body: createStaffBody,
    handler: async ({ body, session }) => ({ staff: await createStaff(deps, session.staff, body) }),
  });

  addRoute(app, deps, {
    method: 'PATCH',
    url: '/staff/:id',
    access: 'staff.manage',
    params: staffIdParam,
    body: updateStaffBody,
    handler: async ({ params, body, session }) => ({
      staff: await updateStaff(deps, session.staff, params.id as number, body),
    }),
  });
}
