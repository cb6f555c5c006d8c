import { fetchErrorMessage } from '@prestamos-hn/domain';
import {
  STAFF_API_BASE,
  staffEndpoints,
  staffErrorBody,
  staffPath,
  type StaffBodyOf,
  type StaffEndpointDef,
  type StaffEndpointName,
  type StaffEndpoints,
  type StaffParamsOf,
  type StaffQueryOf,
  type StaffResponseOf,
} from '@prestamos-hn/contract';
import { HttpError } from 'react-admin';

const UNEXPECTED = 'Ocurrió un error inesperado. Intenta de nuevo.';
/** The server answered something its contract row does not describe (an older or newer server). */
export const INVALID_ANSWER =
  'La respuesta del servidor no tiene el formato esperado. Recarga la página e intenta de nuevo.';

/** The CSRF token of the current session (from /auth/code or /auth/me), sent on every non-GET. */
let csrfToken: string | undefined;

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** What every call's input is, whatever its row: path parameters, query, body, and an upload's files. */
interface AnyStaffInput {
  params?: Readonly<Record<string, string | number>>;
  query?: object;
  body?: unknown;
  files?: Readonly<Record<string, Blob>>;
}

/** The files of a row that takes an upload (`multipart`): one Blob per file field; undefined otherwise. */
export type StaffFilesOf<N extends StaffEndpointName> = StaffEndpoints[N] extends {
  multipart: readonly (infer F extends string)[];
}
  ? Record<F, Blob>
  : undefined;

/** A part of a call's input: absent for a row without it, optional when every field is. */
type Part<K extends keyof AnyStaffInput, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T & AnyStaffInput[K] }
    : { [P in K]: T & AnyStaffInput[K] };

/** What a call of row `N` takes: its path parameters, query and body, each typed by the row. */
export type StaffInput<N extends StaffEndpointName> = Part<'params', StaffParamsOf<N>> &
  Part<'query', StaffQueryOf<N>> &
  Part<'body', StaffBodyOf<N>> &
  Part<'files', StaffFilesOf<N>>;

export interface StaffCallOptions {
  signal?: AbortSignal;
}

type CallArgs<N extends StaffEndpointName> =
  object extends StaffInput<N>
    ? [input?: StaffInput<N>, options?: StaffCallOptions]
    : [input: StaffInput<N>, options?: StaffCallOptions];

/** The URL of a row: the API base, the path with its parameters, the query without empty values. */
export function staffUrl(name: StaffEndpointName, input: AnyStaffInput = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const query = search.toString();
  return `${STAFF_API_BASE}${staffPath(name, input.params)}${query ? `?${query}` : ''}`;
}

function refusal(status: number, answer: unknown): HttpError {
  const parsed = staffErrorBody.safeParse(answer);
  const error = parsed.success ? parsed.data.error : undefined;
  return new HttpError(error?.message ?? UNEXPECTED, status, { code: error?.code, field: error?.field });
}

async function readAnswer(def: StaffEndpointDef, response: Response): Promise<unknown> {
  if (def.response.kind === 'binary') {
    const contentType = response.headers.get('content-type') ?? '';
    if (!def.response.contentTypes.includes(contentType)) {
      throw new HttpError(INVALID_ANSWER, 502, { code: 'invalid_answer' });
    }
    return { contentType, data: new Uint8Array(await response.arrayBuffer()) };
  }
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = def.response.schema.safeParse(json);
  if (!parsed.success) {
    throw new HttpError(INVALID_ANSWER, 502, { code: 'invalid_answer', issues: parsed.error.issues });
  }
  return parsed.data;
}

/**
 * A row's request body: JSON, or for an upload row `multipart/form-data` with the body's fields as
 * text and each file (the browser writes the boundary into the content type).
 */
function requestBody(def: StaffEndpointDef, input: AnyStaffInput): { body?: BodyInit; contentType?: string } {
  if (!def.multipart) {
    return input.body === undefined
      ? {}
      : { body: JSON.stringify(input.body), contentType: 'application/json' };
  }
  const form = new FormData();
  for (const [name, value] of Object.entries((input.body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(input.files ?? {})) {
    form.append(name, file, file instanceof File ? file.name : name);
  }
  return { body: form };
}

/**
 * One call of the staff API, typed by its contract row: the URL from the row's path, parameters and
 * query; JSON in (or a multipart upload for a row with file fields); the session cookie; the CSRF header on every state-changing request. The answer is
 * checked with the row's response schema, so a mismatch is an error (status 502, a Spanish
 * message), never a silent wrong shape. An error answer `{error: {code, message}}` becomes an
 * HttpError with the server's Spanish message (and the code and field in `body`); no answer at all
 * an HttpError with status 0.
 */
export function callStaff<N extends StaffEndpointName>(
  name: N,
  ...args: CallArgs<N>
): Promise<StaffResponseOf<N>>;
// The implementation answers what the row's own response schema parsed (readAnswer): the row's type.
export async function callStaff<N extends StaffEndpointName>(
  name: N,
  ...args: CallArgs<N>
): Promise<unknown> {
  const [rowInput, options = {}] = args;
  const input: AnyStaffInput = rowInput ?? {};
  const def: StaffEndpointDef = staffEndpoints[name];
  const headers: Record<string, string> = {
    Accept: def.response.kind === 'json' ? 'application/json' : def.response.contentTypes.join(', '),
  };
  const { body, contentType } = requestBody(def, input);
  if (contentType) headers['Content-Type'] = contentType;
  if (def.method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(staffUrl(name, input), {
      method: def.method,
      headers,
      credentials: 'same-origin',
      body,
      signal: options.signal,
    });
  } catch (error) {
    // The caller's own cancel (a page left) is not an error to show; any other failure is told in
    // Spanish, never with the browser's words ('Failed to fetch', 'Load failed'…).
    if (options.signal?.aborted) throw error;
    throw new HttpError(fetchErrorMessage(error), 0);
  }
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => null));
  return readAnswer(def, response);
}
