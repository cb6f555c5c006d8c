import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderFileStorage } from './simulator';

describe('folder file storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'files-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores, reads back and deletes a file with its content type', async () => {
    const storage = createFolderFileStorage({ rootDir: path.join(root, 'files') });
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('perfil/1542/selfie', data, 'image/png');
    expect(await storage.get('perfil/1542/selfie')).toEqual({ data, contentType: 'image/png' });
    await storage.delete('perfil/1542/selfie');
    expect(await storage.get('perfil/1542/selfie')).toBeNull();
  });

  it('keeps the content type in a sidecar file and leaves no temporary files', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    await storage.put('recibos/abc', Buffer.from('hola'), 'image/jpeg');
    expect((await readdir(path.join(root, 'recibos'))).sort()).toEqual(['abc.data', 'abc.meta.json']);
    expect(JSON.parse(await readFile(path.join(root, 'recibos/abc.meta.json'), 'utf8'))).toEqual({
      contentType: 'image/jpeg',
      size: 4,
    });
    expect(await readFile(path.join(root, 'recibos/abc.data'), 'utf8')).toBe('hola');
  });

  it('writes files readable by the server user only', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    await storage.put('privado/x', Buffer.from('dni'), 'image/jpeg');
    expect((await stat(path.join(root, 'privado/x.data'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, 'privado'))).mode & 0o777).toBe(0o700);
  });

  it('replaces a file put again under the same key', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    await storage.put('a', Buffer.from('uno'), 'text/plain');
    await storage.put('a', Buffer.from('dos'), 'image/png');
    expect(await storage.get('a')).toEqual({ data: Buffer.from('dos'), contentType: 'image/png' });
  });

  it('lets a key and a longer key under it live together', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    await storage.put('a', Buffer.from('padre'), 'text/plain');
    await storage.put('a/b', Buffer.from('hijo'), 'text/plain');
    expect((await storage.get('a'))?.data.toString()).toBe('padre');
    expect((await storage.get('a/b'))?.data.toString()).toBe('hijo');
  });

  it('lists every key, sorted, and nothing else of the folder', async () => {
    const storage = createFolderFileStorage({ rootDir: path.join(root, 'files') });
    expect(await storage.list()).toEqual([]);
    await storage.put('recibos/9/b', Buffer.from('1'), 'image/jpeg');
    await storage.put('a', Buffer.from('2'), 'text/plain');
    await storage.put('a/b', Buffer.from('3'), 'text/plain');
    await writeFile(path.join(root, 'files/recibos/9/c.data.1234.tmp'), 'a half-written file');
    await writeFile(path.join(root, 'files/Ajeno.data'), 'not a server key');
    expect(await storage.list()).toEqual(['a', 'a/b', 'recibos/9/b']);
    await storage.delete('a');
    expect(await storage.list()).toEqual(['a/b', 'recibos/9/b']);
  });

  it('answers null for a missing key and deletes a missing key quietly', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    expect(await storage.get('no/existe')).toBeNull();
    await expect(storage.delete('no/existe')).resolves.toBeUndefined();
  });

  it('reads a file whose sidecar is missing as application/octet-stream', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    await storage.put('x', Buffer.from('datos'), 'image/png');
    await rm(path.join(root, 'x.meta.json'));
    expect(await storage.get('x')).toEqual({
      data: Buffer.from('datos'),
      contentType: 'application/octet-stream',
    });
  });

  it('refuses keys that could leave the folder, without touching the disk', async () => {
    const storage = createFolderFileStorage({ rootDir: path.join(root, 'files') });
    await writeFile(path.join(root, 'secreto.data'), 'no');
    await expect(storage.get('../secreto')).rejects.toThrow(RangeError);
    await expect(storage.put('../secreto', Buffer.from('x'), 'text/plain')).rejects.toThrow(RangeError);
    await expect(storage.delete('../secreto')).rejects.toThrow(RangeError);
    expect(await readFile(path.join(root, 'secreto.data'), 'utf8')).toBe('no');
  });

  it('refuses a content type that is not a MIME type', async () => {
    const storage = createFolderFileStorage({ rootDir: root });
    await expect(storage.put('a', Buffer.from('x'), 'imagen')).rejects.toThrow(
      'El tipo de contenido del archivo no es válido.',
    );
    expect(await storage.get('a')).toBeNull();
  });
});
