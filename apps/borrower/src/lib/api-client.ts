import { fetchErrorMessage, OFFLINE_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '@prestamos-hn/domain';
import {
  endpointRoutes,
  type CallGroup,
  type EndpointDef,
  type EndpointName,
  type Endpoints,
  type PayloadOf,
  type RequestOf,
} from '@prestamos-hn/contract';
import { getApiUrl } from '../config/env';
import { takeEarlyCall } from './early-calls';
import { groupLoaders, loadEnvelope, type GroupRows } from './api-client-schemas';
import { LegacyCallError, NetworkError, SessionExpiredError } from './api-errors';
import { loadOnce } from './load-once';
import { renderScope } from './render-scope';
import { getSid } from './session';

export { LegacyCallError, NetworkError, SessionExpiredError } from './api-errors';

/** A slow mobile network still answers within this; past it the call fails as a network error. */
export const CALL_TIMEOUT_MS = 30_000;

// A call is sent with the contract's routes alone (endpointRoutes: addresses, no zod). The schemas that
// read its answer, its group's rows and the envelope with zod, download while the answer is on its
// way: no screen waits for them before it paints (issue 33), and an answer builds only its group's.
type Schemas = { def: EndpointDef; legacyResponseSchema: Awaited<ReturnType<typeof loadEnvelope>> };

/** Downloads made once (again after a failure), as the browser's own network errors never show. */
const downloaded = <T>(load: () => Promise<T>) =>
  loadOnce(() =>
    load().catch((error: unknown) => {
      throw new NetworkError(fetchErrorMessage(error), { cause: error });
    }),
  );
const envelope = downloaded(loadEnvelope);
const groups = Object.fromEntries(
  Object.entries(groupLoaders).map(([group, load]) => [group, downloaded(load)]),
) as Record<CallGroup, () => Promise<GroupRows>>;

/** Starts downloading what reads `name`'s answer (once); answers its row and the envelope. */
function preloadSchemas(name: EndpointName): Promise<Schemas> {
  const reading = Promise.all([groups[endpointRoutes[name].group](), envelope()]).then(
    ([rows, legacyResponseSchema]): Schemas => ({ def: rows[name] as EndpointDef, legacyResponseSchema }),
  );
  // Read once the answer is here; a failed fetch must not leave the download's own failure unhandled.
  reading.catch(() => undefined);
  return reading;
}

function buildRequest(
  name: EndpointName,
  input: Record<string, unknown>,
): { url: string; init: RequestInit } {
  const def = endpointRoutes[name];
  const url = `${getApiUrl()}/${def.file}`;
  if (def.method === 'GET') {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
    return { url: `${url}?${query}`, init: { method: 'GET' } };
  }
  const sid = def.access === 'public' ? undefined : getSid();
  return {
    url,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sid ? { ...input, sid } : input),
    },
  };
}

/**
 * Makes one legacy call, typed by its contract row: adds the stored `sid` to session calls, parses
 * the envelope, and answers the OK payload (or the registry's own answer for census calls).
 * Throws `LegacyCallError`, `SessionExpiredError` or `NetworkError`.
 */
export async function callLegacy<N extends EndpointName>(
  name: N,
  input: RequestOf<N>,
  options: { signal?: AbortSignal } = {},
): Promise<PayloadOf<N>> {
  const reading = preloadSchemas(name);
  const { url, init } = buildRequest(name, input as Record<string, unknown>);
  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let body: unknown;
  try {
    // On the server (app/server-render.tsx) the API is reached in-process, with the page's session.
    const scope = renderScope();
    const send = () => (scope?.fetch ?? fetch)(url, { ...init, signal, cache: 'no-store' });
    const response = await ((scope ? null : earlyAnswer(url, init.body, signal, send)) ?? send());
    body = await response.json();
  } catch (error) {
    // Never the browser's own words ('Failed to fetch', 'Load failed', 'signal timed out'…).
    throw new NetworkError(fetchErrorMessage(error), { cause: error });
  }

  return readAnswer(await reading, body) as PayloadOf<N>;
}

/**
 * The answer of the same request sent early by the page's head script (lib/early-calls.ts), if
 * there is one: bound by this call's signal (its timeout included), and sent again if it failed.
 */
function earlyAnswer(
  url: string,
  body: RequestInit['body'],
  signal: AbortSignal,
  send: () => Promise<Response>,
): Promise<Response> | null {
  if (typeof body !== 'string') return null;
  const early = takeEarlyCall(url, body);
  if (!early) return null;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
  return Promise.race([early.catch(send), aborted]);
}

/** Reads a parsed answer body by its row: the census shape, or the legacy envelope. */
function readAnswer({ def, legacyResponseSchema }: Schemas, body: unknown): unknown {
  if (def.envelope === 'census') {
    const parsed = def.payload.safeParse(body);
    if (!parsed.success) throw new NetworkError(UNEXPECTED_ERROR_MESSAGE);
    return parsed.data;
  }

  const envelope = legacyResponseSchema.safeParse(body);
  if (!envelope.success) throw new NetworkError(UNEXPECTED_ERROR_MESSAGE);
  const answer = envelope.data;
  switch (answer.status) {
    case 'OK': {
      const payload = def.payload.safeParse(answer.payload);
      if (!payload.success) throw new NetworkError(UNEXPECTED_ERROR_MESSAGE);
      return payload.data;
    }
    case 'ERS':
      throw new SessionExpiredError(answer.payload.message);
    case 'ER-API':
      throw new LegacyCallError('ER-API', answer.payload.message, answer.payload, answer.errors);
    case 'ER':
      throw new LegacyCallError('ER', answer.payload.message, answer.payload);
    case '500':
      throw new LegacyCallError('500', answer.payload.message, answer.payload);
  }
}

/** The rows sent as multipart (files), e.g. putProfileFile.php. */
export type MultipartEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { multipart: readonly string[] } ? N : never;
}[EndpointName];

/** The file fields a multipart row accepts. */
export type MultipartFieldOf<N extends MultipartEndpointName> = Endpoints[N] extends {
  multipart: readonly (infer F extends string)[];
}
  ? F
  : never;

/** Uploads take longer than calls on a slow network: a few megabytes at 2G speeds. */
export const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * Sends files to a multipart row (with the stored `sid` and the row's text `fields` as form fields)
 * and answers its OK payload, reporting the upload progress (0 to 1). XMLHttpRequest, because fetch
 * reports no upload progress. Throws the same errors as `callLegacy`.
 */
export function uploadLegacy<N extends MultipartEndpointName>(
  name: N,
  files: Partial<Record<MultipartFieldOf<N>, Blob | File>>,
  options: {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    fields?: { [K in keyof RequestOf<N>]?: string | number };
  } = {},
): Promise<PayloadOf<N>> {
  const reading = preloadSchemas(name);
  const form = new FormData();
  const sid = getSid();
  if (sid) form.append('sid', sid);
  // The text fields before the files, so a server reading the stream meets them first.
  for (const [field, value] of Object.entries((options.fields ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(field, String(value));
  }
  for (const [field, file] of Object.entries(files) as [string, Blob | File | undefined][]) {
    if (!file) continue;
    form.append(field, file, file instanceof File ? file.name : `${field}.jpg`);
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getApiUrl()}/${endpointRoutes[name].file}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const fail = (message: string) => reject(new NetworkError(message));
    xhr.onerror = () => fail(OFFLINE_MESSAGE);
    xhr.ontimeout = () => fail(OFFLINE_MESSAGE);
    xhr.onabort = () => fail(UNEXPECTED_ERROR_MESSAGE);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch (error) {
        reject(new NetworkError(UNEXPECTED_ERROR_MESSAGE, { cause: error }));
        return;
      }
      reading.then((schemas) => resolve(readAnswer(schemas, body) as PayloadOf<N>)).catch(reject);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
