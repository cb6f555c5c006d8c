import { describe, expect, it } from 'vitest';
import { checkEnv, MISSING_API_URL_MESSAGE } from './env';

describe('checkEnv', () => {
  it.each([{}, { VITE_API_URL: '' }, { VITE_API_URL: '   ' }])(
    'refuses to start without an API URL (%o)',
    (source) => {
      expect(checkEnv(source)).toEqual({ ok: false, message: MISSING_API_URL_MESSAGE });
    },
  );

  it('says in Spanish which setting is missing', () => {
    expect(MISSING_API_URL_MESSAGE).toBe(
      'Error de configuración: la variable de entorno VITE_API_URL (URL de la API) no está definida.',
    );
  });

  it('keeps the API URL without a trailing slash', () => {
    expect(checkEnv({ VITE_API_URL: '/api/app/' })).toEqual({ ok: true, env: { apiUrl: '/api/app' } });
  });
});
