import { transportMessages } from '@prestamos-hn/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callLegacy, LegacyCallError, NetworkError, SessionExpiredError } from './api-client';
import { handleSessionExpired } from './query-client';
import { clearSid, getSid, setSid } from './session';

const answers: unknown[] = [];
const requests: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  vi.stubEnv('VITE_API_URL', '/api/app');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const next = answers.shift();
    if (next instanceof Error) throw next;
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
    ['<html>proxy error</html>', NetworkError, undefined],
    [{ status: 'OK', payload: 'not a list' }, NetworkError, transportMessages.unexpected],
    [new TypeError('Failed to fetch'), NetworkError, 'Failed to fetch'],
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
});
