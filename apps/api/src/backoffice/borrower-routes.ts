import type { FastifyInstance } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { getBorrowerFile, readBorrowerDocument } from '../services/review/borrower-file.ts';
import { decideProfile } from '../services/review/decisions.ts';
import { getDashboard, listReviewQueue } from '../services/review/queue.ts';
import { listBorrowers } from '../services/review/register.ts';
import { listAudit } from '../services/staff/audit-list.ts';
import { addRoute } from './route.ts';
import { auditQuery, decisionBody, idParam, pageQuery, registerQuery } from './schemas.ts';
import { z } from 'zod';

const borrowerParam = idParam('id', 'Identificador de cliente inválido.');
const fileParams = z.object({
  id: borrowerParam.shape.id,
  fileId: idParam('fileId', 'Identificador de documento inválido.').shape.fileId,
});

/** The register, the borrower file and its documents, the review queue and decisions, dashboard, audit. */
export function borrowerRoutes(app: FastifyInstance, deps: Deps): void {
  addRoute(app, deps, {
    method: 'GET',
    url: '/borrowers',
    access: 'borrowers.read',
    query: registerQuery,
    handler: ({ query }) => listBorrowers(deps, query),
  });

  addRoute(app, deps, {
    method: 'GET',
    url: '/borrowers/:id',
    access: 'borrowers.read',
    params: borrowerParam,
    handler: ({ params, session }) => getBorrowerFile(deps, session.staff, params.id as number),
  });

  addRoute(app, deps, {
    method: 'GET',
    url: '/borrowers/:id/files/:fileId',
    access: 'borrowers.documents',
    params: fileParams,
    async handler({ params, session, reply }) {
      const file = await readBorrowerDocument(
        deps,
        session.staff,
        params.id as number,
        params.fileId as number,
      );
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });

  addRoute(app, deps, {
    method: 'GET',
    url: '/reviews/queue',
    access: 'reviews.read',
    query: pageQuery,
    handler: ({ query }) => listReviewQueue(deps, query),
  });

  addRoute(app, deps, {
    method: 'POST',
    url: '/reviews/:id/decision',
    access: 'reviews.decide',
    params: borrowerParam,
    body: decisionBody,
    handler: ({ params, body, session }) => decideProfile(deps, session.staff, params.id as number, body),
  });

  addRoute(app, deps, {
    method: 'GET',
    url: '/dashboard',
    access: 'dashboard.read',
    handler: () => getDashboard(deps),
  });

  addRoute(app, deps, {
    method: 'GET',
    url: '/audit',
    access: 'borrowers.audit',
    query: auditQuery,
    handler: ({ query, session }) => listAudit(deps, session.staff, query),
  });
}
