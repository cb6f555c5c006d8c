import type { StaffResponseOf } from '@prestamos-hn/contract';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callStaff, INVALID_ANSWER, setCsrfToken, staffUrl } from './staff-api';

const dashboard: StaffResponseOf<'getDashboard'> = {
  waitingReview: 2,
  oldestWaitingSince: '2026-11-22T15:00:00.000Z',
  oldestWaitingMinutes: 45,
  approvedToday: 1,
  returnedToday: 0,
  date: '2026-11-22',
};

function answer(status: number, body: unknown, contentType = 'application/json') {
  return vi.fn(async (_url: string, _init?: RequestInit) => ({
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': contentType }),
    json: async () => body,
    arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(undefined);
});

describe('staffUrl', () => {
  it('fills the path from the row and leaves empty query values out', () => {
    expect(staffUrl('getBorrowerDocument', { params: { id: 7, fileId: 'a/b' } })).toBe(
      '/api/backoffice/borrowers/7/files/a%2Fb',
    );
    expect(
      staffUrl('listChats', {
        query: { state: 'open', assignee: undefined, page: 2, pageSize: '' as unknown as number },
      }),
    ).toBe('/api/backoffice/chats?state=open&page=2');
  });
});

describe('callStaff', () => {
  it('sends an upload row as multipart: the body as text fields and the file, the browser writing its type', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('token-de-prueba');
    const file = new File(['Fecha,Referencia\n'], 'bac.csv', { type: 'text/csv' });
    await callStaff('importBankStatement', { body: { bankCode: 2 }, files: { file } }).catch(() => undefined);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/backoffice/bank-statements');
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.headers).toHaveProperty('x-csrf-token', 'token-de-prueba');
    const form = init?.body as FormData;
    expect(form.get('bankCode')).toBe('2');
    expect((form.get('file') as File).name).toBe('bac.csv');
  });

  it('answers what the row describes, parsed by its response schema', async () => {
    const fetchMock = answer(200, dashboard);
    vi.stubGlobal('fetch', fetchMock);
    await expect(callStaff('getDashboard')).resolves.toEqual(dashboard);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/backoffice/dashboard',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin', body: undefined }),
    );
  });

  it('refuses an answer its row does not describe, in Spanish, instead of casting it', async () => {
    vi.stubGlobal('fetch', answer(200, { ...dashboard, waitingReview: '2' }));
    const error = await callStaff('getDashboard').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: INVALID_ANSWER, status: 502, body: { code: 'invalid_answer' } });
  });

  it('sends JSON and the CSRF header on a state change, not on a read', async () => {
    setCsrfToken('token-de-prueba');
    const fetchMock = answer(200, {
      reviewId: 3,
      decision: 'approve',
      status: '1',
      errores_perfil: null,
      modified: '2026-11-22',
      decidedAt: '2026-11-22T15:00:00.000Z',
    });
    vi.stubGlobal('fetch', fetchMock);
    await callStaff('decideProfile', { params: { id: 12 }, body: { decision: 'approve', version: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/backoffice/reviews/12/decision');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ decision: 'approve', version: 1 }) });
    expect(init?.headers).toMatchObject({
      'x-csrf-token': 'token-de-prueba',
      'Content-Type': 'application/json',
    });

    const read = answer(200, dashboard);
    vi.stubGlobal('fetch', read);
    await callStaff('getDashboard');
    expect(read.mock.calls[0]![1]?.headers).not.toHaveProperty('x-csrf-token');
  });

  it("turns an error answer into an HttpError with the server's Spanish message", async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { error: { code: 'conflict', message: 'Otro analista ya decidió sobre este perfil.' } }),
    );
    const error = await callStaff('decideProfile', {
      params: { id: 1 },
      body: { decision: 'approve', version: 1 },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'Otro analista ya decidió sobre este perfil.',
      status: 409,
      body: { code: 'conflict' },
    });
  });

  it.each([
    ['Chrome', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError')],
    ['an abort it did not ask for', new DOMException('signal is aborted without reason', 'AbortError')],
  ])('says "Sin conexión" in Spanish when the server cannot be reached (%s)', async (_browser, thrown) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw thrown;
      }),
    );
    await expect(callStaff('getDashboard')).rejects.toMatchObject({
      status: 0,
      message: 'Sin conexión. Revisa tu internet e intenta de nuevo.',
    });
  });

  it("passes the caller's own cancel through, not as a message", async () => {
    const controller = new AbortController();
    controller.abort();
    const thrown = new DOMException('signal is aborted without reason', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw thrown;
      }),
    );
    await expect(callStaff('getDashboard', {}, { signal: controller.signal })).rejects.toBe(thrown);
  });

  it('answers a file row with its bytes, and refuses a content type the row does not list', async () => {
    vi.stubGlobal('fetch', answer(200, null, 'image/png'));
    const file = await callStaff('getBorrowerDocument', { params: { id: 1, fileId: 2 } });
    expect(file).toEqual({ contentType: 'image/png', data: new Uint8Array([1, 2, 3]) });

    vi.stubGlobal('fetch', answer(200, null, 'text/html'));
    await expect(callStaff('getBorrowerDocument', { params: { id: 1, fileId: 2 } })).rejects.toMatchObject({
      message: INVALID_ANSWER,
    });
  });

  it('is typed by the row (checked by tsc, not run)', () => {
    const typed = () => {
      // @ts-expect-error getBorrowerFile needs its path parameter.
      void callStaff('getBorrowerFile', {});
      // @ts-expect-error a decision is approve or return.
      void callStaff('decideProfile', { params: { id: 1 }, body: { decision: 'maybe' } });
      // @ts-expect-error getDashboard takes no body.
      void callStaff('getDashboard', { body: { x: 1 } });
      // @ts-expect-error the answer is the row's: a dashboard has no items.
      void callStaff('getDashboard').then((d) => d.items);
    };
    expect(typed).toBeTypeOf('function');
  });
});
