import {
  endpointNames,
  endpoints,
  transportMessages,
  type EndpointDef,
  type EndpointName,
} from '@prestamos-hn/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasNul, parseJsonText, RateLimitError, SessionError, UserError } from '../errors.ts';
import { requestDeps } from '../request-context.ts';
import { accountCallsPerMinutePerIp } from '../services/shared/account-policy.ts';
import { chatCallsPerMinutePerIp } from '../services/chat/policy.ts';
import type { Deps } from '../services/deps.ts';
import { LOCATION_POSTS_PER_MINUTE_PER_IP } from '../services/locations.ts';
import type { UploadedFile } from '../services/uploads.ts';
import { resolveSession, type SessionContext } from '../services/sessions.ts';
import { parseOrRefuse } from '../services/shared/validation.ts';
import { errorReply, successReply, withWireField, type Reply } from './envelope.ts';
import type { Handler } from './handler.ts';
import { handlers, oneStatementHandlerOf } from './handlers.ts';
import { rateLimitKeyOfIp } from '../services/shared/client-ip.ts';

/** A body that is not a JSON object; answered as ER, never as a 400 or a 500. */
const MALFORMED = Symbol('malformed body');

/**
 * Per-call request limits per client IP and minute, tighter than the default every other call has
 * (RATE_LIMIT_PER_MINUTE); all shared through the database (app.ts).
 */
export const legacyRateLimits: Partial<Record<EndpointName, (deps: Deps) => number>> = {
  validardatoscenso: (deps) => deps.config.census.ratePerMinute,
  // They check the current password: guessing it is slowed here and per account (passwords.ts).
  PostResetPassword: (deps) => deps.config.rateLimits.accountChangesPerMinute,
  otp_upd: (deps) => deps.config.rateLimits.accountChangesPerMinute,
  sendBankAccountCode: (deps) => deps.config.rateLimits.accountChangesPerMinute,
  post_locations: () => LOCATION_POSTS_PER_MINUTE_PER_IP,
  ...Object.fromEntries(
    Object.entries({ ...accountCallsPerMinutePerIp, ...chatCallsPerMinutePerIp }).map(([name, perMinute]) => [
      name,
      () => perMinute,
    ]),
  ),
};

function parseJsonObject(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    const value = parseJsonText(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : MALFORMED;
  } catch {
    return MALFORMED;
  }
}

/** At most this many uploads read at once for one session, and for one IP. */
export const CONCURRENT_UPLOADS = { perSession: 2, perIp: 4 } as const;

/** Multipart reads under way per session and per client IP, in this app (memory is per process). */
type UploadsUnderWay = Map<string, number>;

function takeUploadSlot(uploadsUnderWay: UploadsUnderWay, key: string, max: number): (() => void) | null {
  const n = uploadsUnderWay.get(key) ?? 0;
  if (n >= max) return null;
  uploadsUnderWay.set(key, n + 1);
  return () => {
    const left = (uploadsUnderWay.get(key) ?? 1) - 1;
    if (left <= 0) uploadsUnderWay.delete(key);
    else uploadsUnderWay.set(key, left);
  };
}

/**
 * Reads a multipart body of a row with file fields: its text fields (`sid`...) and every file into
 * memory, each within the upload size limit. The session is checked when the first file begins,
 * from the `sid` field sent before it (the app sends it first), so an unauthenticated request never
 * gets a file buffered; and one session or IP reads only a few uploads at a time. A file over the
 * limit is ER 'El archivo es demasiado grande.' (nothing stored: the handler never runs); any other
 * multipart problem is a malformed body.
 */
async function readMultipart(
  request: FastifyRequest,
  def: EndpointDef,
  maxBytes: number,
  checkSession: (sid: unknown) => Promise<SessionContext | undefined>,
  uploadsUnderWay: UploadsUnderWay,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[]; session: SessionContext | undefined }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let session: SessionContext | undefined;
  let checked = false;
  const releases: (() => void)[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: def.multipart?.length ?? 0,
        fields: 10,
        fieldSize: 4096,
        parts: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!checked) {
          session = await checkSession(fields.sid);
          checked = true;
          for (const [key, max] of [
            [`sid:${session?.id ?? 'none'}`, CONCURRENT_UPLOADS.perSession],
            [`ip:${rateLimitKeyOfIp(request.ip)}`, CONCURRENT_UPLOADS.perIp],
          ] as const) {
            const release = takeUploadSlot(uploadsUnderWay, key, max);
            if (!release) throw new UserError(transportMessages.uploadUnderWay);
            releases.push(release);
          }
        }
        files.push({ field: part.fieldname, data: await part.toBuffer() });
      }
      // A text field cut at the size limit is refused, never stored cut.
      else if (part.valueTruncated || (typeof part.value === 'string' && hasNul(part.value))) {
        throw new UserError(transportMessages.malformedBody);
      } else fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof SessionError || error instanceof UserError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UserError(transportMessages.fileTooLarge);
    throw new UserError(transportMessages.malformedBody);
  } finally {
    for (const release of releases) release();
  }
  if (!checked) session = await checkSession(fields.sid);
  return { fields, files, session };
}

async function runCall(
  deps: Deps,
  name: EndpointName,
  def: EndpointDef,
  request: FastifyRequest,
  uploadsUnderWay: UploadsUnderWay,
): Promise<Reply> {
  try {
    const checkSession = (sid: unknown) =>
      def.access === 'public'
        ? Promise.resolve(undefined)
        : resolveSession(deps, sid, { allowPending: def.access === 'pending-session' });
    let raw: unknown = def.method === 'GET' ? request.query : request.body;
    let files: UploadedFile[] | undefined;
    let session: SessionContext | undefined;
    let sessionChecked = false;
    if (def.multipart && request.isMultipart()) {
      ({
        fields: raw,
        files,
        session,
      } = await readMultipart(request, def, deps.config.uploads.maxBytes, checkSession, uploadsUnderWay));
      sessionChecked = true;
    }
    if (raw === MALFORMED || raw === null || typeof raw !== 'object') {
      throw new UserError(transportMessages.malformedBody);
    }
    // A query string (the GET calls) carrying a NUL character is malformed, as a JSON body is.
    if (Object.values(raw).some((v) => typeof v === 'string' && hasNul(v))) {
      throw new UserError(transportMessages.malformedBody);
    }
    const { sid, ...fields } = raw as Record<string, unknown>;
    const oneStatement =
      def.access === 'session' && !sessionChecked ? oneStatementHandlerOf(name) : undefined;
    if (oneStatement) {
      const payload = await oneStatement({
        deps,
        sid,
        fields,
        parseInput: () => parseOrRefuse(def.request, fields) as never,
      });
      return successReply(def.envelope, payload);
    }
    if (!sessionChecked) session = await checkSession(sid);
    const input: unknown = parseOrRefuse(def.request, fields);

    const handler = (handlers as Partial<Record<EndpointName, Handler<EndpointName>>>)[name]!;
    const result = await handler({
      deps,
      input: input as never,
      session: session as never,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      ...(files ? { files } : {}),
    });
    return successReply(def.envelope, result);
  } catch (error) {
    return errorReply(def.envelope, withWireField(error, def.wireNames), request.log);
  }
}

/**
 * Turns the contract table into `/api/app/<file>` routes. Registered under the `/api/app` prefix;
 * its body parser, 404 and error handling apply to these routes only.
 */
export const legacyPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  // Any content type: the legacy app sends JSON; whatever else arrives is read as text and checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseJsonObject(body as string));
  });
  const uploadsUnderWay: UploadsUnderWay = new Map();
  // multipart/form-data for the rows with file fields (putProfileFile.php); read in runCall.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  for (const name of endpointNames) {
    const def: EndpointDef = endpoints[name];
    const limit = legacyRateLimits[name];
    app.route({
      method: def.method,
      url: `/${def.file}`,
      config: {
        rateLimit: { max: limit ? limit(deps) : deps.config.rateLimits.perMinute, timeWindow: 60_000 },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // Its services log with the request's id and pass it to the jobs they queue.
        const answer = await runCall(requestDeps(deps, request), name, def, request, uploadsUnderWay);
        // A body the database wrote as JSON text (JsonText) goes out as it is.
        if (typeof answer.body === 'string') reply.type('application/json; charset=utf-8');
        return reply.code(answer.statusCode).send(answer.body);
      },
    });
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ status: 'ER', payload: { message: transportMessages.unknownCall } }),
  );

  // Errors raised before a handler runs: body too large, unreadable body, rate limit.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RateLimitError) {
      const envelope = request.routeOptions.url?.endsWith('validardatoscenso.php') ? 'census' : 'legacy';
      const answer = errorReply(envelope, error, request.log);
      return reply.code(answer.statusCode).send(answer.body);
    }
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('FST_ERR_CTP_')) {
      const message =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? transportMessages.fileTooLarge
          : transportMessages.malformedBody;
      return reply.code(200).send({ status: 'ER', payload: { message } });
    }
    const answer = errorReply('legacy', error, request.log);
    return reply.code(answer.statusCode).send(answer.body);
  });
};
