import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { mandatoryFields, type ProfilePlace } from './profile-values.ts';
import type { TestApp } from './test-app.ts';

/** Bytes that start like each format (the server reads only the first bytes). */
export const images = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x40, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    randomBytes(64),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
  html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
};

export interface UploadPart {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body, built by hand as a browser would send it. */
export function multipartBody(fields: Record<string, string>, files: UploadPart[]) {
  const boundary = `----prestamos${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'foto.png'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** putProfileFile.php with `sid` and the files. */
export async function uploadFiles(t: TestApp, sid: string, files: UploadPart[]) {
  const body = multipartBody({ sid }, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/putProfileFile.php',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, json: res.json() as Record<string, unknown> };
}

/** The four documents, valid. */
export const allDocuments = (): UploadPart[] => [
  { field: 'file1', data: images.jpeg, filename: 'frente.jpg', contentType: 'image/jpeg' },
  { field: 'file2', data: images.png },
  { field: 'file3', data: images.webp, filename: 'recibo.webp', contentType: 'image/webp' },
  { field: 'file4', data: images.jpeg, filename: 'selfie.jpg', contentType: 'image/jpeg' },
];

/** A place of the cascading lists: the first locality of Distrito Central (0801). */
export async function somePlace(t: TestApp, sid: string): Promise<ProfilePlace> {
  const res = await t.call('getLocations.php', { sid });
  const ubs = (res.json.payload as { ubs: { DepCod: string; MunCod: string; LocCod: string }[] }).ubs;
  const ub = ubs.find((u) => u.MunCod === '0801') ?? ubs[0]!;
  return { region: ub.DepCod, county: ub.MunCod, city: ub.LocCod };
}

/** Every mandatory field after stage 2 but the type of dependents, at `somePlace`. */
export async function completeFields(t: TestApp, sid: string) {
  return mandatoryFields(await somePlace(t, sid));
}

export async function expectOk(res: Promise<{ json: Record<string, unknown> }>) {
  const { json } = await res;
  expect(json.status, JSON.stringify(json)).toBe('OK');
  return json.payload as Record<string, unknown>;
}

export async function expectEr(res: Promise<{ json: Record<string, unknown> }>, message: string) {
  const { json } = await res;
  expect(json.status, JSON.stringify(json)).toBe('ER');
  expect((json.payload as { message: string }).message).toBe(message);
  return json.payload as Record<string, unknown>;
}
