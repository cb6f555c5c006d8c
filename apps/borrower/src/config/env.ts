/** Build-time settings the app needs, checked once at start (`import.meta.env` is read only here). */
export interface AppEnv {
  apiUrl: string;
}

export type EnvCheck = { ok: true; env: AppEnv } | { ok: false; message: string };

export const MISSING_API_URL_MESSAGE =
  'Error de configuración: la variable de entorno VITE_API_URL (URL de la API) no está definida.';

export function checkEnv(source: { VITE_API_URL?: string | undefined }): EnvCheck {
  const apiUrl = source.VITE_API_URL?.trim();
  if (!apiUrl) return { ok: false, message: MISSING_API_URL_MESSAGE };
  return { ok: true, env: { apiUrl: apiUrl.replace(/\/+$/, '') } };
}

/** The result of checking this build's settings; the app shows `message` instead of starting when not ok. */
export const envCheck: EnvCheck = checkEnv(import.meta.env);

/** The legacy API base, e.g. `/api/app`, without a trailing slash. */
export function getApiUrl(): string {
  if (!envCheck.ok) throw new Error(envCheck.message);
  return envCheck.env.apiUrl;
}
