const keyPattern = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;
const MAX_KEY_LENGTH = 512;

/** A server-made key (assertStorageKey's rule), without throwing. */
export function isStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && keyPattern.test(key);
}

/**
 * Rejects any key that is not server-made: only `[a-z0-9/_-]`, no empty, leading or trailing segment
 * (so no absolute path), and no dots at all (so no `..`).
 */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) {
    throw new RangeError('La clave del archivo no es válida: solo a-z, 0-9, «_», «-» y «/» entre partes.');
  }
}

/** A MIME type such as `image/jpeg`, with optional parameters, and nothing that could break a header. */
export function assertContentType(contentType: string): void {
  if (contentType.length > 200 || !/^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;[\x20-\x7e]*)?$/.test(contentType)) {
    throw new RangeError('El tipo de contenido del archivo no es válido.');
  }
}
