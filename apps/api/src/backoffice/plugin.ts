import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import {
  staffEndpointNames,
  staffEndpoints,
  type StaffEndpointDef,
  type StaffEndpointName,
} from '@prestamos-hn/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { parseJsonText } from '../errors.ts';
import type { ChatHub } from '../services/chat/live.ts';
import type { Deps } from '../services/deps.ts';
import { notFound } from '../services/shared/refusals.ts';
import { answerMismatch, isBinaryAnswer, sendFile } from './answers.ts';
import { addStaffChatEvents } from './chat-events.ts';
import { errorReply } from './errors.ts';
import type { StaffHandlerContext, StaffHandlerTable } from './handler.ts';
import { staffHandlers } from './handlers/index.ts';
import { addRoute } from './route.ts';

/**
 * The per-IP limit per minute of the two log-in steps, tighter than every staff route's
 * (RATE_LIMIT_STAFF_PER_MINUTE): RATE_LIMIT_STAFF_LOGIN_PER_MINUTE for the password, twice that for
 * the e-mailed code (a mistyped code is typed again). Other rows: undefined, the staff limit.
 */
function tighterLimit(name: StaffEndpointName, limits: Config['rateLimits']): number | undefined {
  if (name === 'logIn' || name === 'setPasswordByLink') return limits.staffLoginPerMinute;
  if (name === 'confirmCode') return 2 * limits.staffLoginPerMinute;
  return undefined;
}

const handlers: StaffHandlerTable<StaffEndpointName> = staffHandlers;

/** Adds the route of one row of the staff table, answered by its handler. */
function addStaffRow<N extends StaffEndpointName>(app: FastifyInstance, deps: Deps, name: N): void {
  const def: StaffEndpointDef = staffEndpoints[name];
  const handler = handlers[name];
  const checkAnswers = !deps.config.isProduction;
  addRoute(app, deps, {
    method: def.method,
    url: def.path,
    access: def.access,
    params: def.params,
    query: def.query,
    body: def.body,
    multipart: def.multipart,
    perMinutePerIp: tighterLimit(name, deps.config.rateLimits),
    async handler(ctx) {
      // addRoute parsed params, query and body with this row's schemas and resolved the session
      // its access asks for: the context has the row's types.
      const answer: unknown = await handler(ctx as StaffHandlerContext<N>);
      const mismatch = checkAnswers ? answerMismatch(def.response, answer) : undefined;
      if (mismatch) throw new Error(`The answer of ${name} does not match its row: ${mismatch}`);
      if (def.response.kind === 'binary') {
        if (!isBinaryAnswer(answer)) throw new Error(`${name} must answer a file`);
        return sendFile(ctx.reply, answer);
      }
      return answer;
    },
  });
}

/**
 * The staff API under `/api/backoffice/` (REST + JSON), apart from the legacy contract: one route
 * per row of the contract's staff table (`staffEndpoints`), each with its own cookies, session,
 * role check, CSRF header, zod validation (route.ts) and the one error mapper (errors.ts); and the
 * inbox's live channel (chat-events.ts).
 */
export const backofficePlugin: FastifyPluginAsync<{
  deps: Deps;
  /** The chat's fan-out (shared with the borrower's live channel) for the inbox's live channel. */
  hub: ChatHub;
  heartbeatMs?: number;
}> = async (app, { deps, hub, heartbeatMs }) => {
  await app.register(fastifyCookie);
  // JSON bodies, refusing a NUL character in any text (errors.ts, parseJsonText).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    try {
      done(null, text.trim() === '' ? undefined : parseJsonText(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  // multipart/form-data for the rows with file fields (a bank statement's CSV); read in route.ts
  // after the session and permission checks.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  for (const name of staffEndpointNames) addStaffRow(app, deps, name);
  // The inbox's server-sent events: not a row of the table (it describes JSON and files, not streams).
  addStaffChatEvents(app, deps, hub, heartbeatMs);

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
