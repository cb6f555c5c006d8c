import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FIRST_SCREEN_PATH, type FirstScreenBody } from '@prestamos-hn/contract';
import type { Config } from '../config.ts';

/** A render that takes longer than this is given up: the page has started the app by then. */
export const FIRST_SCREEN_TIMEOUT_MS = 3_000;

/** The only calls a render may make: the borrower app's legacy API. */
const LEGACY_API_PREFIX = '/api/app/';

/** What the borrower app's server render module exports (apps/borrower/src/app/server-render.tsx). */
interface ServerRenderModule {
  /** The version of the app it renders: a page of another version gets no screen. */
  APP_VERSION: string;
  /** Loads the screens' code ahead of the first page. */
  warmUp(): Promise<void>;
  renderScreen(request: {
    sid: string;
    sessionData: null;
    brandName: string;
    address: string;
    now: number;
    fetch(url: string, init: RequestInit): Promise<Response>;
  }): Promise<unknown>;
}

/** The page's request: its session, the address it shows (the hash's path) and its clock. */
const firstScreenBody: z.ZodType<FirstScreenBody> = z.object({
  sid: z.string().min(1).max(200),
  address: z.string().min(1).max(200),
  now: z.number().int().positive(),
  version: z.string().min(1).max(50),
});

/**
 * `POST /api/first-screen` with `{ sid, address, now, version }` (decision 024): a logged-in screen rendered
 * with the borrower's answers, for the page to show before the app's code has arrived and for the
 * app to hydrate. The render makes the screen's calls through this server's own legacy API,
 * in-process (`inject`): the same session and ownership checks, the same answers, counted against
 * the page's own address by the rate limiter. Answers `200` with the markup, its rules, the data and
 * the clock, always `no-store` (it carries the borrower's data); `204` when there is nothing to show
 * (an address the server does not render, an ended session, any failed call, a render past
 * FIRST_SCREEN_TIMEOUT_MS, no built render, a page of another version than the render's): the page then starts the app as without it. A body that
 * is not one gets `400`.
 */
export const firstScreenPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const loadRender = renderModuleLoader(config.borrowerServerRender, app);
  // Loaded as the server starts, not by the first borrower's page (it does not hold the start up).
  app.addHook('onReady', async () => {
    void loadRender()
      .then((module) => module?.warmUp())
      .catch((error: unknown) => app.log.error({ err: error }, 'No se pudo preparar el render de pantallas'));
  });

  app.post(FIRST_SCREEN_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = firstScreenBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: 'Solicitud no válida.' });
    const module = await loadRender();
    // A page of another version than the render's would not hydrate the screen as it was rendered.
    if (module?.APP_VERSION !== body.data.version) return reply.code(204).send();

    const timeout = AbortSignal.timeout(FIRST_SCREEN_TIMEOUT_MS);
    const { sid, address, now } = body.data;
    const render = module.renderScreen({
      sid,
      address,
      now,
      sessionData: null,
      brandName: config.brandName,
      fetch: (url, init) => callInProcess(app, request, url, init, timeout),
    });
    const gaveUp = new Promise<null>((resolve) =>
      timeout.addEventListener('abort', () => resolve(null), { once: true }),
    );
    try {
      const screen = await Promise.race([render, gaveUp]);
      if (!screen) return reply.code(204).send();
      return reply.type('application/json; charset=utf-8').send(screen);
    } catch (error) {
      request.log.error({ err: error, address: body.data.address }, 'No se pudo renderizar la pantalla');
      return reply.code(204).send();
    }
  });
};

/**
 * The render module, imported once, on first use (a new build takes a restart, as the server's own
 * code does; until then the version check below keeps it from answering pages of another version).
 * Null, with one warning, while it has not been built: the page then starts the app as without it.
 */
function renderModuleLoader(file: string, app: FastifyInstance): () => Promise<ServerRenderModule | null> {
  let module: Promise<ServerRenderModule | null> | undefined;
  let warned = false;
  return async () => {
    if (module) return module;
    if (!(await stat(file).catch(() => null))) {
      if (!warned) app.log.warn({ file }, 'Sin render de pantallas del servidor: ejecuta «npm run build»');
      warned = true;
      return null;
    }
    module = (import(pathToFileURL(file).href) as Promise<ServerRenderModule>).catch((error: unknown) => {
      app.log.error({ err: error, file }, 'No se pudo cargar el render de pantallas del servidor');
      return null;
    });
    return module;
  };
}

/** One call of the render to the legacy API, in-process, as the page itself would have sent it. */
async function callInProcess(
  app: FastifyInstance,
  page: FastifyRequest,
  url: string,
  init: RequestInit,
  timeout: AbortSignal,
): Promise<Response> {
  if (!url.startsWith(LEGACY_API_PREFIX) || timeout.aborted) throw new Error(`Llamada no permitida: ${url}`);
  const answer = await app.inject({
    method: init.method === 'GET' ? 'GET' : 'POST',
    url,
    headers: { 'content-type': 'application/json', 'user-agent': page.headers['user-agent'] ?? '' },
    payload: typeof init.body === 'string' ? init.body : undefined,
    remoteAddress: page.ip,
  });
  return new Response(answer.rawPayload, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
}
