/** Uploaded files as services receive them: the bytes, typed by their content, never by their name. */

/** One file as the transport read it: the form field and its bytes (name and type are not trusted). */
export interface UploadedFile {
  field: string;
  data: Buffer;
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type by its first bytes (PNG, JPEG, WEBP), or null: the name and Content-Type are ignored. */
export function detectImageType(data: Buffer): ImageType | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}
