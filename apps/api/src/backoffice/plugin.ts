import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../services/deps.ts';
import { notFound } from '../services/staff/errors.ts';
import { authRoutes } from './auth-routes.ts';
import { borrowerRoutes } from './borrower-routes.ts';
import { errorReply } from './errors.ts';
import { staffRoutes } from './staff-routes.ts';

/**
 * The staff API under `/api/backoffice/` (REST + JSON), apart from the legacy contract: its own
 * cookies, session, role checks, CSRF header, zod validation and one error mapper (errors.ts).
 */
export const backofficePlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await app.register(fastifyCookie);

  authRoutes(app, deps);
  staffRoutes(app, deps);
  borrowerRoutes(app, deps);

  // Any other path under /api/backoffice/ is a JSON 404 (a route, not only a not-found handler:
  // the borrower SPA's static wildcard would otherwise answer GETs).
  const unknownRoute = (request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorReply(notFound(), request.log);
    return reply.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body);
  };
  app.all('/*', unknownRoute);
  app.setNotFoundHandler(unknownRoute);
  // Errors raised before a handler runs: unreadable or too large body, rate limit.
  app.setErrorHandler((error, request, reply) => {
    const answer = errorReply(error, request.log);
    return reply.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body);
  });
};
