import { IntegrationError, partyLabels, type IntegrationParty } from './integration-error';

/** How long a partner may take to answer, body included, unless a factory is told otherwise. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export type FetchFn = typeof fetch;

/** What every HTTP adapter's factory accepts besides its URL and secret. */
export interface HttpAdapterOptions {
  /** Defaults to the global `fetch`. */
  fetch?: FetchFn;
  /** Defaults to {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Sends one request to a partner with a deadline that also covers reading the body. A transport
 * failure or a timeout becomes an {@link IntegrationError}; the answer is returned whatever its status.
 */
export type PartnerRequest = (input: string | URL | Request, init: RequestInit) => Promise<Response>;

/** An HTTP adapter's {@link PartnerRequest}, with its factory's `fetch` and `timeoutMs` or the defaults. */
export function createPartnerRequest(party: IntegrationParty, options: HttpAdapterOptions): PartnerRequest {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return (input, init) => sendPartnerRequest(party, fetchFn, input, init, timeoutMs);
}

/** {@link PartnerRequest} with the adapter's `fetch` and deadline. */
async function sendPartnerRequest(
  party: IntegrationParty,
  fetchFn: FetchFn,
  input: string | URL | Request,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetchFn(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new IntegrationError(
      party,
      isTimeout(error)
        ? `${partyLabels[party]} no respondió en ${timeoutMs} ms.`
        : `No se pudo conectar con ${lowerFirst(partyLabels[party])}.`,
      { cause: error },
    );
  }
}

/** Throws an {@link IntegrationError} for any answer outside 2xx, after discarding its body. */
export async function ensureOk(party: IntegrationParty, response: Response): Promise<void> {
  if (response.ok) return;
  await response.body?.cancel().catch(() => undefined);
  throw new IntegrationError(
    party,
    `${partyLabels[party]} respondió con el estado HTTP ${response.status}.`,
    {
      httpStatus: response.status,
    },
  );
}

/** Reads a JSON body; an unreadable or malformed body becomes an {@link IntegrationError}. */
export async function readJsonBody(party: IntegrationParty, response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new IntegrationError(
      party,
      isTimeout(error)
        ? `${partyLabels[party]} no terminó de responder a tiempo.`
        : `No se pudo leer la respuesta de ${lowerFirst(partyLabels[party])}.`,
      { cause: error, httpStatus: response.status },
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new IntegrationError(party, `${partyLabels[party]} respondió con un JSON no válido.`, {
      cause: error,
      httpStatus: response.status,
    });
  }
}

/** Whether the error, or one of the errors that caused it, is the deadline of AbortSignal.timeout. */
function isTimeout(error: unknown, depth = 0): boolean {
  return (
    depth < 5 &&
    error instanceof Error &&
    (error.name === 'TimeoutError' || isTimeout(error.cause, depth + 1))
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Reads a JSON body when there is one, for answers whose status already says everything (2xx means
 * accepted): an empty, unreadable or malformed body gives `undefined` instead of an error.
 */
export async function readOptionalJsonBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The first non-empty string or number among `keys` in a JSON object, as a string. */
export function readIdField(body: unknown, keys: readonly string[]): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}
