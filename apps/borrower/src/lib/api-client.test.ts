import { transportMessages } from '@prestamos-hn/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callLegacy, LegacyCallError, NetworkError, SessionExpiredError, uploadLegacy } from './api-client';
import { stubUploads, type SentUpload } from '../testing/fake-upload';
import { EARLY_CALLS_PROPERTY, type EarlyCall } from './early-calls';
import { handleSessionExpired } from './query-client';
import { clearSid, getSid, setSid } from './session';

const answers: unknown[] = [];
const requests: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  vi.stubEnv('VITE_API_URL', '/api/app');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const next = answers.shift();
    if (next instanceof Error || next instanceof DOMException) throw next;
    return new Response(typeof next === 'string' ? next : JSON.stringify(next));
  });
  setSid('S'.repeat(43));
});
afterEach(() => {
  vi.unstubAllGlobals();
  requests.length = 0;
  answers.length = 0;
  clearSid();
});

describe('callLegacy', () => {
  it('posts to the row file with the stored sid and answers the OK payload', async () => {
    answers.push({ status: 'OK', payload: [{ id: 1, title: 'Capital de trabajo' }] });
    await expect(callLegacy('getPurposeList', {})).resolves.toEqual([{ id: 1, title: 'Capital de trabajo' }]);
    expect(requests[0]!.url).toBe('/api/app/getPurposeList.php');
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({ sid: 'S'.repeat(43) });
  });

  it('sends public GET calls as a query, without the sid, and answers the census shape', async () => {
    answers.push({ status: 'not_found' });
    await expect(callLegacy('validardatoscenso', { numero_identidad: '0801199912345' })).resolves.toEqual({
      status: 'not_found',
    });
    expect(requests[0]!.url).toBe('/api/app/validardatoscenso.php?numero_identidad=0801199912345');
    expect(requests[0]!.init.method).toBe('GET');
  });

  it.each([
    [{ status: 'ER', payload: { message: 'Código incorrecto.' } }, LegacyCallError, 'Código incorrecto.'],
    [
      { status: 'ERS', payload: { message: transportMessages.sessionExpired } },
      SessionExpiredError,
      transportMessages.sessionExpired,
    ],
    [
      { status: '500', payload: { message: transportMessages.unexpected } },
      LegacyCallError,
      transportMessages.unexpected,
    ],
    ['<html>proxy error</html>', NetworkError, transportMessages.unexpected],
    [{ status: 'OK', payload: 'not a list' }, NetworkError, transportMessages.unexpected],
    [new TypeError('Failed to fetch'), NetworkError, 'Sin conexión. Revisa tu internet e intenta de nuevo.'],
    [
      new TypeError('NetworkError when attempting to fetch resource.'),
      NetworkError,
      'Sin conexión. Revisa tu internet e intenta de nuevo.',
    ],
    [new TypeError('Load failed'), NetworkError, 'Sin conexión. Revisa tu internet e intenta de nuevo.'],
    [
      new DOMException('signal timed out', 'TimeoutError'),
      NetworkError,
      'Sin conexión. Revisa tu internet e intenta de nuevo.',
    ],
  ])('turns %j into the right error', async (answer, type, message) => {
    answers.push(answer);
    const error = await callLegacy('getPurposeList', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    if (message) expect((error as Error).message).toBe(message);
  });

  it('carries the ER-API fields', async () => {
    answers.push({
      status: 'ER-API',
      payload: { message: 'El correo ya esta en uso' },
      errors: { email: 'x' },
    });
    const error = (await callLegacy('getPurposeList', {}).catch((e: unknown) => e)) as LegacyCallError;
    expect(error.status).toBe('ER-API');
    expect(error.errors).toEqual({ email: 'x' });
  });
});

describe('callLegacy with an early call (lib/early-calls.ts)', () => {
  const SID_BODY = () => JSON.stringify({ sid: 'S'.repeat(43) });
  const leaveEarly = (url: string, body: string, response: Promise<Response>) => {
    response.catch(() => undefined);
    Object.assign(window, {
      [EARLY_CALLS_PROPERTY]: [{ url, body, sentAt: performance.now(), response } satisfies EarlyCall],
    });
  };
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_PROPERTY];
  });

  it("takes the page's answer to the same request instead of sending it again, once", async () => {
    const answer = { status: 'OK', payload: [{ id: 2, title: 'Vivienda' }] };
    leaveEarly(
      '/api/app/getPurposeList.php',
      SID_BODY(),
      Promise.resolve(new Response(JSON.stringify(answer))),
    );
    await expect(callLegacy('getPurposeList', {})).resolves.toEqual([{ id: 2, title: 'Vivienda' }]);
    expect(requests).toEqual([]);
    // A refresh goes to the network.
    answers.push({ status: 'OK', payload: [] });
    await expect(callLegacy('getPurposeList', {})).resolves.toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('reads it as any answer: an ERS in it logs out', async () => {
    const ers = { status: 'ERS', payload: { message: 'Sesión expirada' } };
    leaveEarly('/api/app/getPurposeList.php', SID_BODY(), Promise.resolve(new Response(JSON.stringify(ers))));
    await expect(callLegacy('getPurposeList', {})).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('sends the request itself when the early one failed (no network then)', async () => {
    leaveEarly('/api/app/getPurposeList.php', SID_BODY(), Promise.reject(new TypeError('Failed to fetch')));
    answers.push({ status: 'OK', payload: [{ id: 3, title: 'Consumo' }] });
    await expect(callLegacy('getPurposeList', {})).resolves.toEqual([{ id: 3, title: 'Consumo' }]);
    expect(requests).toHaveLength(1);
  });

  it("gives up on an early answer when the call's own signal is aborted", async () => {
    leaveEarly('/api/app/getPurposeList.php', SID_BODY(), new Promise<Response>(() => {}));
    const controller = new AbortController();
    const call = callLegacy('getPurposeList', {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('aborted', 'AbortError'));
    expect(await call).toBeInstanceOf(NetworkError);
  });

  it('never takes the answer of another request (another session)', async () => {
    leaveEarly('/api/app/getPurposeList.php', '{"sid":"otra"}', Promise.resolve(new Response('{}')));
    answers.push({ status: 'OK', payload: [] });
    await expect(callLegacy('getPurposeList', {})).resolves.toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('handleSessionExpired', () => {
  it('forgets the sid and goes to login on ERS only', () => {
    const goToLogin = vi.fn();
    handleSessionExpired(new LegacyCallError('ER', 'x'), goToLogin);
    expect(getSid()).not.toBeNull();
    expect(goToLogin).not.toHaveBeenCalled();
    handleSessionExpired(new SessionExpiredError('x'), goToLogin);
    expect(getSid()).toBeNull();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('by default goes to a login that says the session expired and returns to the route', () => {
    location.hash = '#/plan/12';
    handleSessionExpired(new SessionExpiredError('x'));
    expect(location.hash).toBe('#/login?expirada=1&volver=%2Fplan%2F12');
  });
});

describe('uploadLegacy', () => {
  let sent: SentUpload[];
  beforeEach(() => {
    sent = stubUploads();
  });

  it('sends the sid, the text fields and the file as multipart, reports progress and answers the payload', async () => {
    const progress: number[] = [];
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const done = uploadLegacy(
      'send_recipemail',
      { DOC: photo },
      {
        fields: { containerId: 12, idpago: 1201, amount: '417.21', reference: 'FT2611223344' },
        onProgress: (fraction) => progress.push(fraction),
      },
    );
    const [request] = sent;
    expect(request!.url).toBe('/api/app/send_recipemail.php');
    expect([...request!.form.keys()]).toEqual(['sid', 'containerId', 'idpago', 'amount', 'reference', 'DOC']);
    expect(request!.form.get('sid')).toBe('S'.repeat(43));
    expect(request!.form.get('containerId')).toBe('12');
    expect(request!.form.get('amount')).toBe('417.21');
    expect((request!.form.get('DOC') as File).name).toBe('DOC.jpg');
    request!.progress(50, 200);
    request!.answer({
      status: 'OK',
      payload: { message: '¡Comprobante enviado con éxito!', receipt_id: 3, photo_replaced: false },
    });
    await expect(done).resolves.toEqual({
      message: '¡Comprobante enviado con éxito!',
      receipt_id: 3,
      photo_replaced: false,
    });
    expect(progress).toEqual([0.25]);
  });

  it("throws the server's refusal as a LegacyCallError", async () => {
    const done = uploadLegacy(
      'send_recipemail',
      { DOC: new Blob(['x'], { type: 'image/png' }) },
      { fields: { containerId: 12, idpago: '', amount: '100', reference: 'A1' } },
    );
    sent[0]!.answer({ status: 'ER', payload: { message: 'Este préstamo no tiene pagos pendientes.' } });
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LegacyCallError);
    expect(error).toMatchObject({ status: 'ER', message: 'Este préstamo no tiene pagos pendientes.' });
  });
});
