import {
  endpointNames,
  endpoints,
  transportMessages,
  type EndpointDef,
  type EndpointName,
} from '@prestamos-hn/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitError, UserError } from '../errors.ts';
import { accountCallsPerMinutePerIp } from '../services/shared/account-policy.ts';
import { chatCallsPerMinutePerIp } from '../services/chat/policy.ts';
import type { Deps } from '../services/deps.ts';
import { LOCATION_POSTS_PER_MINUTE_PER_IP } from '../services/locations.ts';
import type { UploadedFile } from '../services/uploads.ts';
import { resolveSession } from '../services/sessions.ts';
import { parseOrRefuse } from '../services/shared/validation.ts';
import { errorReply, successReply, withWireField, type Reply } from './envelope.ts';
import type { Handler } from './handler.ts';
import { handlers, oneStatementHandlerOf } from './handlers.ts';

/** A body that is not a JSON object; answered as ER, never as a 400 or a 500. */
const MALFORMED = Symbol('malformed body');

/** Per-call request limits per client IP (calls not listed are limited only by the global guard). */
export const legacyRateLimits: Partial<Record<EndpointName, (deps: Deps) => number>> = {
  validardatoscenso: (deps) => deps.config.census.ratePerMinute,
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
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : MALFORMED;
  } catch {
    return MALFORMED;
  }
}

/**
 * Reads a multipart body of a row with file fields: its text fields (`sid`...) and every file into
 * memory, each within the upload size limit. A file over the limit is ER 'El archivo es demasiado
 * grande.' (nothing stored: the handler never runs); any other multipart problem is a malformed body.
 */
async function readMultipart(
  request: FastifyRequest,
  def: EndpointDef,
  maxBytes: number,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
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
      if (part.type === 'file') files.push({ field: part.fieldname, data: await part.toBuffer() });
      // A text field cut at the size limit is refused, never stored cut.
      else if (part.valueTruncated) throw new UserError(transportMessages.malformedBody);
      else fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UserError(transportMessages.fileTooLarge);
    throw new UserError(transportMessages.malformedBody);
  }
  return { fields, files };
}

async function runCall(
  deps: Deps,
  name: EndpointName,
  def: EndpointDef,
  request: FastifyRequest,
): Promise<Reply> {
  try {
    let raw: unknown = def.method === 'GET' ? request.query : request.body;
    let files: UploadedFile[] | undefined;
    if (def.multipart && request.isMultipart()) {
      ({ fields: raw, files } = await readMultipart(request, def, deps.config.uploads.maxBytes));
    }
    if (raw === MALFORMED || raw === null || typeof raw !== 'object') {
      throw new UserError(transportMessages.malformedBody);
    }
    const { sid, ...fields } = raw as Record<string, unknown>;
    const oneStatement = def.access === 'session' ? oneStatementHandlerOf(name) : undefined;
    if (oneStatement) {
      const payload = await oneStatement({
        deps,
        sid,
        parseInput: () => parseOrRefuse(def.request, fields) as never,
      });
      return successReply(def.envelope, payload);
    }
    const session =
      def.access === 'public'
        ? undefined
        : await resolveSession(deps, sid, { allowPending: def.access === 'pending-session' });
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
  // multipart/form-data for the rows with file fields (putProfileFile.php); read in runCall.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  for (const name of endpointNames) {
    const def: EndpointDef = endpoints[name];
    const limit = legacyRateLimits[name];
    app.route({
      method: def.method,
      url: `/${def.file}`,
      config: limit ? { rateLimit: { max: limit(deps), timeWindow: 60_000 } } : {},
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const answer = await runCall(deps, name, def, request);
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
