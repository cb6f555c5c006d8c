import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { profileMessages, transportMessages } from '@prestamos-hn/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerFiles } from '../src/db/schema/index.ts';
import { sessionFor } from './support/borrowers.ts';
import { allDocuments, expectOk, images, uploadFiles } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let a: { sid: string; borrowerId: number };
let b: { sid: string; borrowerId: number };
const LIMIT = 64 * 1024;
beforeAll(async () => {
  t = await createTestApp({
    env: { UPLOAD_MAX_BYTES: String(LIMIT), PUBLIC_URL: 'https://app.prestamos.example' },
  });
  a = await sessionFor(t.deps);
  b = await sessionFor(t.deps);
});
afterAll(() => t.close());

/** Every stored blob (`.data`) in the storage folder. */
function storedBlobs(): string[] {
  const root = t.config.storage.filesDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.data'));
}
const rowsOf = (borrowerId: number) =>
  t.deps.db.select().from(borrowerFiles).where(eq(borrowerFiles.borrowerId, borrowerId));

type Files = { type: number; dir: string }[];
const selfieUrl = async (sid: string) => {
  const p = (await expectOk(t.call('getProfile.php', { sid }))) as { files: Files };
  return p.files.find((f) => f.type === 18)?.dir;
};
const fetchUrl = (url: string) =>
  t.app.inject({ method: 'GET', url: url.replace('https://app.prestamos.example', '') });

describe('putProfileFile.php refusals store nothing', () => {
  it.each([
    [
      'an HTML file renamed .png',
      { field: 'file2', data: images.html, filename: 'foto.png' },
      profileMessages.notAnImage,
    ],
    [
      'a PDF as front ID',
      { field: 'file1', data: images.pdf, filename: 'dni.pdf', contentType: 'application/pdf' },
      profileMessages.notAnImage,
    ],
    [
      'a WEBP as front ID (png/jpg only)',
      { field: 'file1', data: images.webp, filename: 'dni.png' },
      profileMessages.frontIdFormat,
    ],
    [
      'a file over the limit',
      { field: 'file4', data: Buffer.concat([images.jpeg, Buffer.alloc(LIMIT)]) },
      transportMessages.fileTooLarge,
    ],
    ['an unknown field', { field: 'file9', data: images.png }, profileMessages.unknownFileField],
  ])('%s', async (_name, part, message) => {
    const res = await uploadFiles(t, a.sid, [part]);
    expect(res.statusCode).toBe(200);
    expect(res.json.status).toBe('ER');
    expect((res.json.payload as { message: string }).message).toBe(message);
    expect(await rowsOf(a.borrowerId)).toEqual([]);
    expect(storedBlobs()).toEqual([]);
  });

  it('one bad file among good ones refuses all of them', async () => {
    const res = await uploadFiles(t, a.sid, [
      ...allDocuments().slice(1),
      { field: 'file1', data: images.pdf },
    ]);
    expect(res.json.status).toBe('ER');
    expect(await rowsOf(a.borrowerId)).toEqual([]);
    expect(storedBlobs()).toEqual([]);
  });

  it('no file, a JSON body, or a bad sid', async () => {
    expect((await t.call('putProfileFile.php', { sid: a.sid })).json).toEqual({
      status: 'ER',
      payload: { message: profileMessages.noFile },
    });
    const res = await uploadFiles(t, 'nope', allDocuments());
    expect(res.json.status).toBe('ERS');
    expect(storedBlobs()).toEqual([]);
  });
});

describe('documents of their owner only', () => {
  let firstSelfie: string;

  it('stores the four documents under server-made keys, answers names and a signed selfie URL', async () => {
    const res = await uploadFiles(t, a.sid, allDocuments());
    expect(res.json.status, JSON.stringify(res.json)).toBe('OK');
    const rows = await rowsOf(a.borrowerId);
    expect(rows.map((r) => [r.type, r.contentType]).sort()).toEqual([
      [18, 'image/jpeg'],
      [19, 'image/jpeg'],
      [20, 'image/png'],
      [21, 'image/webp'],
    ]);
    for (const row of rows)
      expect(row.storageKey).toMatch(new RegExp(`^borrowers/${a.borrowerId}/[0-9a-f]{32}$`));
    expect(storedBlobs()).toHaveLength(4);
    const p = (await expectOk(t.call('getProfile.php', { sid: a.sid }))) as {
      data: Record<string, string>;
      files: Files;
    };
    expect(p.data).toMatchObject({
      file1: 'identidad-frente.jpg',
      file2: 'identidad-reverso.png',
      file3: 'recibo-servicio-publico.webp',
      file4: 'selfie.jpg',
    });
    firstSelfie = (await selfieUrl(a.sid))!;
    expect(firstSelfie).toMatch(/^https:\/\/app\.prestamos\.example\/api\/files\/\d+\?exp=\d+&sig=[\w-]+$/);
    // The other borrower sees none of them.
    expect(((await expectOk(t.call('getProfile.php', { sid: b.sid }))) as { files: Files }).files).toEqual(
      [],
    );
  });

  it('the selfie URL serves the image privately for 15 minutes, then 404', async () => {
    const res = await fetchUrl(firstSelfie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    t.clock.advance(14 * 60_000);
    expect((await fetchUrl(firstSelfie)).statusCode).toBe(200);
    t.clock.advance(61_000);
    const expired = await fetchUrl(firstSelfie);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).not.toContain('expir');
  });

  it('another id, another signature or another borrower: nothing', async () => {
    const url = (await selfieUrl(a.sid))!;
    const [, id] = /files\/(\d+)/.exec(url)!;
    const otherIds = (await rowsOf(a.borrowerId)).map((r) => r.id).filter((i) => i !== Number(id));
    expect((await fetchUrl(url.replace(`/files/${id}?`, `/files/${otherIds[0]}?`))).statusCode).toBe(404);
    expect((await fetchUrl(url.replace(/sig=[\w-]+/, 'sig=AAAA'))).statusCode).toBe(404);
    expect((await fetchUrl(url.replace(/exp=\d+/, 'exp=99999999999'))).statusCode).toBe(404);
    expect((await fetchUrl(`/api/files/${id}`)).statusCode).toBe(404);
    expect((await fetchUrl(`/api/files/999999?exp=1&sig=x`)).statusCode).toBe(404);
    // B uploads a selfie; A's URL still shows A's and B's URL B's.
    expect((await uploadFiles(t, b.sid, [{ field: 'file4', data: images.png }])).json.status).toBe('OK');
    const bUrl = (await selfieUrl(b.sid))!;
    expect((await fetchUrl(bUrl)).headers['content-type']).toBe('image/png');
    expect((await fetchUrl(url)).headers['content-type']).toBe('image/jpeg');
    expect(await rowsOf(a.borrowerId)).toHaveLength(4);
  });

  it('a new selfie replaces the old: its row is kept as replaced, its bytes deleted, its URL dead', async () => {
    const oldUrl = (await selfieUrl(a.sid))!;
    expect((await uploadFiles(t, a.sid, [{ field: 'file4', data: images.webp }])).json.status).toBe('OK');
    const rows = (await rowsOf(a.borrowerId)).filter((r) => r.type === 18);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.replacedAt === null)).toHaveLength(1);
    const old = rows.find((r) => r.replacedAt !== null)!;
    expect(existsSync(path.join(t.config.storage.filesDir, `${old.storageKey}.data`))).toBe(false);
    expect((await fetchUrl(oldUrl)).statusCode).toBe(404);
    expect((await fetchUrl((await selfieUrl(a.sid))!)).headers['content-type']).toBe('image/webp');
  });
});
