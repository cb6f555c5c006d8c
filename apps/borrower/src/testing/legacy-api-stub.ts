import { vi } from 'vitest';

/** What a stubbed call answers: an OK payload, or a refusal with its message. */
/** OK with a payload, or ER with a message (and the wire field it names). */
export type StubAnswer = { ok: unknown } | { er: string; field?: string };

/** One legacy call as the stub saw it: the file and the JSON body (with `sid`). */
export interface StubCall {
  file: string;
  body: Record<string, unknown>;
}

/**
 * Stands in for the server in a unit test with a hand-written one: `fetch` answers each legacy call
 * with `server(file, body)`, the whole HTTP response. Undo with `vi.unstubAllGlobals()`.
 */
export function stubLegacyFetch(server: (file: string, body: Record<string, unknown>) => Response) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) =>
    server(
      url.split('/').at(-1)!.split('?')[0]!,
      JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>,
    ),
  );
}

/**
 * Stands in for the server in a unit test: `fetch` answers each legacy file with the envelope of
 * `answers[file](body)`, and records every call. A file without an answer is a 404.
 */
export function stubLegacyApi(answers: Record<string, (body: Record<string, unknown>) => StubAnswer>) {
  const calls: StubCall[] = [];
  stubLegacyFetch((file, body) => {
    calls.push({ file, body });
    const answer = answers[file]?.(body);
    if (!answer) return new Response('{}', { status: 404 });
    return new Response(
      JSON.stringify(
        'ok' in answer
          ? { status: 'OK', payload: answer.ok }
          : {
              status: 'ER',
              payload: { message: answer.er, ...(answer.field ? { field: answer.field } : {}) },
            },
      ),
    );
  });
  return calls;
}
