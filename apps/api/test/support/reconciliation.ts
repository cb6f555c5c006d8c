import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StaffBrowser, StaffResponse } from './backoffice.ts';
import { multipartBody } from './profile.ts';

/** The sample statements of BAC Credomatic (2), Banco Atlántida (1) and Banco Ficohsa (3). */
export const STATEMENT_SAMPLES = { bac: 2, atlantida: 1, ficohsa: 3 } as const;
export type StatementSample = keyof typeof STATEMENT_SAMPLES;

/** A sample statement's bytes, as the bank exported it (fixtures/bank-statements/<name>.csv). */
export const statementSample = (name: StatementSample): Buffer =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'bank-statements', `${name}.csv`));

/**
 * POST /bank-statements as the back-office sends it: multipart with `bankCode` and the CSV in
 * `file`, the browser's session cookie and CSRF header.
 */
export async function importStatement(
  browser: StaffBrowser,
  bankCode: number | string,
  data: Buffer | undefined,
  fileName = 'estado-de-cuenta.csv',
): Promise<StaffResponse> {
  const body = multipartBody(
    { bankCode: String(bankCode) },
    data === undefined ? [] : [{ field: 'file', data, filename: fileName, contentType: 'text/csv' }],
  );
  const headers: Record<string, string> = { 'content-type': body.contentType };
  if (browser.cookies.size > 0) headers.cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (browser.csrfToken) headers['x-csrf-token'] = browser.csrfToken;
  const res = await browser.t.app.inject({
    method: 'POST',
    url: '/api/backoffice/bank-statements',
    headers,
    payload: body.payload,
    remoteAddress: browser.ip,
  });
  return {
    statusCode: res.statusCode,
    json: res.json() as Record<string, unknown>,
    headers: res.headers,
    cookies: [],
    raw: res.rawPayload,
  };
}
