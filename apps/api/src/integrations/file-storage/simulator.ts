import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertContentType, assertStorageKey, isStorageKey } from './storage-key';
import type { FileStorage } from './types';

const DATA_SUFFIX = '.data';
const META_SUFFIX = '.meta.json';

/**
 * Files in a folder of the server (configured outside any web root): each key is `<key>.data` with its
 * content type in a `<key>.meta.json` beside it. Keys have no dots, so those names never collide with
 * another key's folder. Writes go to a temporary file first and are renamed into place, so a reader
 * never sees half a file. Files and folders are readable by the server's user only.
 */
export function createFolderFileStorage(options: { rootDir: string }): FileStorage {
  const root = path.resolve(options.rootDir);

  function pathsOf(key: string) {
    assertStorageKey(key);
    const base = path.resolve(root, ...key.split('/'));
    // The key rules already prevent it; this keeps the promise even if they change.
    if (!base.startsWith(root + path.sep)) throw new RangeError('La clave del archivo sale de la carpeta.');
    return { data: base + DATA_SUFFIX, meta: base + META_SUFFIX };
  }

  return {
    async put(key, data, contentType) {
      assertContentType(contentType);
      const paths = pathsOf(key);
      await mkdir(path.dirname(paths.data), { recursive: true, mode: 0o700 });
      await writeAtomically(paths.data, data);
      await writeAtomically(paths.meta, JSON.stringify({ contentType, size: data.length }));
    },

    async get(key) {
      const paths = pathsOf(key);
      const data = await readIfExists(paths.data);
      if (data === null) return null;
      const meta = await readIfExists(paths.meta);
      return { data, contentType: meta ? readContentType(meta) : 'application/octet-stream' };
    },

    async delete(key) {
      const paths = pathsOf(key);
      await rm(paths.data, { force: true });
      await rm(paths.meta, { force: true });
    },

    async list() {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      // `<key>.data` files only: their sidecars and a write's temporary files (`.tmp`) are not keys.
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(DATA_SUFFIX))
        .map((entry) =>
          path
            .relative(root, path.join(entry.parentPath, entry.name.slice(0, -DATA_SUFFIX.length)))
            .split(path.sep)
            .join('/'),
        )
        .filter(isStorageKey)
        .sort();
    },
  };
}

async function writeAtomically(file: string, content: Buffer | string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, content, { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function readContentType(meta: Buffer): string {
  try {
    const parsed = JSON.parse(meta.toString('utf8')) as { contentType?: unknown };
    return typeof parsed.contentType === 'string' ? parsed.contentType : 'application/octet-stream';
  } catch {
    return 'application/octet-stream';
  }
}
