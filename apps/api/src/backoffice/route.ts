import { can, type StaffPermission } from '@prestamos-hn/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasNul, MalformedBodyError } from '../errors.ts';
import type { Config } from '../config.ts';
import { requestDeps } from '../request-context.ts';
import type { Deps } from '../services/deps.ts';
import { parseOrRefuse as parseWithSchema } from '../services/shared/validation.ts';
import {
  csrfRefused,
  forbidden,
  passwordChangeRequired,
  staffMessages,
} from '../services/shared/refusals.ts';
import {
  isCsrfTokenValid,
  resolveStaffSession,
  type StaffSession,
} from '../services/staff/staff-sessions.ts';
import { errorReply } from './errors.ts';
import { readStaffMultipart, type StaffUploadedFile } from './multipart.ts';

export const SESSION_COOKIE = 'bo_session';
export const PENDING_COOKIE = 'bo_pending';
export const COOKIE_PATH = '/api/backoffice';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Who may call a route: anyone (login), a session waiting for its code, any logged-in staff member,
 * or one whose role has the permission (the role table of packages/domain/src/staff.ts).
 */
export type Access = 'public' | 'pending' | 'staff' | StaffPermission;

export interface RouteContext<B, Q, P> {
  deps: Deps;
  body: B;
  query: Q;
  params: P;
  /** Undefined only for public routes. */
  session: StaffSession;
  /** The session cookie's token (for the CSRF token), undefined for public routes. */
  token: string;
  client: { ip: string; userAgent?: string };
  reply: FastifyReply;
  /** The files of a `multipart` row's upload (none for every other row). */
  files: StaffUploadedFile[];
}

interface RouteDef<B, Q, P> {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** The file fields of a row that takes `multipart/form-data`; its text fields are parsed by `body`. */
  multipart?: readonly string[];
  perMinutePerIp?: number;
  /** Returns the JSON body (200), or the reply when it sent one itself (a file). */
  handler(ctx: RouteContext<B, Q, P>): Promise<unknown>;
}

function parseOrRefuse<T>(schema: z.ZodType<T> | undefined, value: unknown): T {
  return schema ? parseWithSchema(schema, value ?? {}, staffMessages.malformed) : (undefined as T);
}

const carriesNul = (values: unknown): boolean =>
  typeof values === 'object' &&
  values !== null &&
  Object.values(values).some((v) =>
    (Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && hasNul(x)),
  );

/**
 * A staff cookie's name as sent: as named (`bo_session`, `bo_pending`), or with the `__Host-` prefix
 * when BACKOFFICE_ORIGIN binds it to the staff host (backoffice/origin.ts): a browser then keeps it
 * only if it is Secure, for Path=/ and without Domain, so no other host (a sibling sub-domain
 * included) can set or shadow it.
 */
export function staffCookieName(config: Config, name: string): string {
  return config.backoffice.origin === undefined ? name : `__Host-${name}`;
}

/** The value of a staff cookie (`SESSION_COOKIE`, `PENDING_COOKIE`) in a request. */
export function readStaffCookie(request: FastifyRequest, deps: Deps, name: string): string | undefined {
  return request.cookies[staffCookieName(deps.config, name)];
}

/**
 * Adds one staff route: the session (from the httpOnly cookie only: a borrower's `sid`, in a
 * cookie or the body, is never read), the role check, the CSRF header on every state-changing
 * request of a session, zod validation, and the one error mapper.
 */
export function addRoute<B = undefined, Q = undefined, P = undefined>(
  app: FastifyInstance,
  appDeps: Deps,
  def: RouteDef<B, Q, P>,
): void {
  app.route({
    method: def.method,
    url: def.url,
    // Every staff route is limited (RATE_LIMIT_STAFF_PER_MINUTE), some tighter (log-in, code).
    config: {
      rateLimit: { max: def.perMinutePerIp ?? appDeps.config.rateLimits.staffPerMinute, timeWindow: 60_000 },
    },
    handler: async (request, reply) => {
      // Its services log with the request's id and pass it to the jobs they queue.
      const deps = requestDeps(appDeps, request);
      try {
        let session: StaffSession | undefined;
        let token: string | undefined;
        if (def.access === 'pending') {
          token = readStaffCookie(request, deps, PENDING_COOKIE);
          session = await resolveStaffSession(deps, token, 'pending_code');
        } else if (def.access !== 'public') {
          token = readStaffCookie(request, deps, SESSION_COOKIE);
          session = await resolveStaffSession(deps, token, 'active');
          if (def.method !== 'GET' && !isCsrfTokenValid(token!, request.headers[CSRF_HEADER])) {
            throw csrfRefused();
          }
          // A forced reset not done yet: only the rows any staff member may call (session, logout,
          // own password) answer; nothing of the role's work does.
          if (def.access !== 'staff' && session.staff.mustChangePassword) throw passwordChangeRequired();
          if (def.access !== 'staff' && !can(session.staff.role, def.access)) throw forbidden();
        }
        // A NUL character in a path or query value is never a person's input (the database refuses it).
        if (carriesNul(request.params) || carriesNul(request.query)) {
          throw new MalformedBodyError('NUL in the path or query');
        }
        const params = parseOrRefuse(def.params, request.params);
        const query = parseOrRefuse(def.query, request.query);
        // A file upload is read only now, after the session, permission and CSRF checks; a row
        // without file fields refuses one.
        let rawBody: unknown = request.body;
        let files: StaffUploadedFile[] = [];
        if (request.isMultipart()) {
          if (!def.multipart) throw new MalformedBodyError('a multipart body on a JSON row');
          ({ fields: rawBody, files } = await readStaffMultipart(
            request,
            def.multipart,
            deps.config.uploads.maxBytes,
          ));
        }
        const body = parseOrRefuse(def.body, rawBody);
        const result = await def.handler({
          deps,
          body,
          query,
          params,
          session: session as StaffSession,
          token: token as string,
          client: { ip: request.ip, userAgent: request.headers['user-agent'] },
          reply,
          files,
        });
        // A handler that answered itself (file bytes) has sent the reply; a Fastify reply is a
        // thenable, so `await` above resolved it and the handler's value is not the reply object.
        if (reply.sent) return reply;
        return reply.header('cache-control', 'no-store').send(result ?? {});
      } catch (error) {
        const answer = errorReply(error, request.log);
        return reply.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body);
      }
    },
  });
}

/**
 * httpOnly, SameSite=Strict, host-only (no Domain); under /api/backoffice and Secure in production,
 * or with BACKOFFICE_ORIGIN a `__Host-` cookie: Secure and Path=/, as the prefix demands (the staff
 * host serves nothing else).
 */
const staffCookieOptions = (config: Config) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.backoffice.secureCookies,
  path: config.backoffice.origin === undefined ? COOKIE_PATH : '/',
});

export function setStaffCookie(
  reply: FastifyReply,
  deps: Deps,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(staffCookieName(deps.config, name), value, {
    ...staffCookieOptions(deps.config),
    maxAge: maxAgeSeconds,
  });
}

export function clearStaffCookie(reply: FastifyReply, deps: Deps, name: string): void {
  reply.clearCookie(staffCookieName(deps.config, name), staffCookieOptions(deps.config));
}
