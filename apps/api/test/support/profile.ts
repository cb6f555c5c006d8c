import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { mandatoryFields, type ProfilePlace } from './profile-values.ts';
import type { TestApp } from './test-app.ts';

/** A PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A JPEG segment: marker and length-prefixed body. */
export function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A RIFF chunk of a WEBP: type, little-endian size, data (padded to even). */
export function webpChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

/** A WEBP file of these chunks, with its RIFF size. */
export function webpFile(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngHeader = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

/**
 * Well-formed files of each format (the server reads their structure, not their pixels): random
 * image data inside the right container, so each test's files differ.
 */
export const images = {
  png: Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', pngHeader),
    pngChunk('IDAT', randomBytes(64)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    randomBytes(64).map((b) => (b === 0xff ? 0 : b)),
    Buffer.from([0xff, 0xd9]),
  ]),
  webp: webpFile(webpChunk('VP8 ', randomBytes(64))),
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

/** POST a legacy call as multipart/form-data (text fields and files), as the app sends an upload. */
export async function callMultipart(
  t: TestApp,
  file: string,
  fields: Record<string, string>,
  files: UploadPart[],
) {
  const body = multipartBody(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/app/${file}`,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  return { statusCode: res.statusCode, json: res.json() as Record<string, unknown> };
}

/** putProfileFile.php with `sid` and the files. */
export async function uploadFiles(t: TestApp, sid: string, files: UploadPart[]) {
  return callMultipart(t, 'putProfileFile.php', { sid }, files);
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
