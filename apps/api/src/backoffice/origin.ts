import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { csrfRefused, notFound } from '../services/shared/refusals.ts';
import { errorReply } from './errors.ts';
import { NOT_FOUND_REPLY } from '../errors.ts';

/**
 * One origin per audience (issue 32 point 8), only when BACKOFFICE_ORIGIN is set; unset, nothing here
 * runs and one origin serves everything, as before.
 *
 * - The staff API (`/api/backoffice/*`) and the back-office pages (`/backoffice/*`) answer on
 *   BACKOFFICE_ORIGIN only. Elsewhere they are a 404, the answer of a path that does not exist (the
 *   staff API's JSON shape for its paths), so the borrower's host does not even say a back-office is
 *   there.
 * - On BACKOFFICE_ORIGIN nothing of the borrower's answers (its app, the legacy API, the chat's live
 *   channel, documents): a 404 too; `/` goes to `/backoffice/`. Each origin serves one audience, so a
 *   hole in one front end cannot reach the other's cookies by being same-origin with them.
 * - Every state-changing staff request (not GET or HEAD: log-in and code included) must say it comes
 *   from BACKOFFICE_ORIGIN (`Origin`, or `Referer` when a browser sends no `Origin`), else the CSRF
 *   refusal (403 'Solicitud no válida. Recarga la página.'), whatever CSRF token it carries.
 * - The staff cookies are `__Host-` cookies: Secure, Path=/, no Domain (route.ts, staffCookieName).
 *
 * A request's origin is its scheme and host as Fastify reads them: the socket and the Host header, or
 * X-Forwarded-Proto and X-Forwarded-Host when the proxy in front is trusted (TRUST_PROXY).
 */
export function addAudienceCheck(app: FastifyInstance, config: Config): void {
  const staffOrigin = config.backoffice.origin;
  if (staffOrigin === undefined) return;
  app.addHook('onRequest', async (request, reply) => {
    const audience = audienceOf(request);
    if (audience === 'both') return;
    const onStaffOrigin = requestOrigin(request) === staffOrigin;
    if (audience === 'staff' && !onStaffOrigin) return refuse(request, reply);
    if (audience === 'borrower' && onStaffOrigin) {
      if (request.method === 'GET' && request.url.split('?')[0] === '/')
        return reply.redirect('/backoffice/');
      return refuse(request, reply);
    }
    if (audience === 'staff' && !isSafeMethod(request.method) && !comesFrom(request, staffOrigin)) {
      const answer = errorReply(csrfRefused(), request.log);
      return reply.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body);
    }
  });
}

type Audience = 'staff' | 'borrower' | 'both';

/** What answers on both origins: the load balancer's probes, the API description, the dev outbox. */
const BOTH = ['/api/health', '/api/ready', '/api/openapi.json', '/api/docs'];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Whose a request is, from the route it matched (so that an encoded path cannot hide a staff route
 * behind another spelling), or its decoded path when it matched none.
 */
function audienceOf(request: FastifyRequest): Audience {
  const paths = [request.routeOptions.url, decodedPath(request.url)].filter((p) => p !== undefined);
  if (paths.some(isStaffPath)) return 'staff';
  if (paths.some((path) => BOTH.includes(path) || isUnder(path, '/api/dev'))) return 'both';
  return 'borrower';
}

const isStaffApi = (path: string) => isUnder(path, '/api/backoffice');
const isStaffPath = (path: string) => isStaffApi(path) || isUnder(path, '/backoffice');

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The request's origin (`URL.origin`), or undefined when its host is not one. */
function requestOrigin(request: FastifyRequest): string | undefined {
  return originOf(`${request.protocol}://${request.host}`);
}

function originOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/** The browser's own word for where a request comes from: `Origin`, else `Referer`'s origin. */
function comesFrom(request: FastifyRequest, staffOrigin: string): boolean {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin === staffOrigin;
  return originOf(referer) === staffOrigin;
}

/**
 * The 404 of a path that does not exist: the staff API's JSON (plugin.ts, unknownRoute) under
 * /api/backoffice/, elsewhere the root's (web/static.ts, its not-found handler).
 */
function refuse(request: FastifyRequest, reply: FastifyReply) {
  reply.code(404).header('cache-control', 'no-store');
  if (isStaffApi(decodedPath(request.url))) return reply.send(errorReply(notFound(), request.log).body);
  return reply.send(NOT_FOUND_REPLY.body);
}
