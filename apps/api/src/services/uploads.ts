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

/** An uploaded image as it is stored: its type by content and its bytes without metadata. */
export interface StorableImage {
  contentType: ImageType;
  data: Buffer;
}

/**
 * The image to store, or null when the bytes are not a well-formed PNG, JPEG or WEBP: typed by its
 * first bytes, and stripped of the metadata a phone camera writes (EXIF with the GPS position and
 * the device, XMP, IPTC, comments, PNG text chunks). The pixels are untouched. The apps scale photos
 * in the browser, which already applies the EXIF orientation; a photo sent unscaled loses it.
 */
export function readImage(data: Buffer): StorableImage | null {
  const contentType = detectImageType(data);
  if (!contentType) return null;
  const stripped =
    contentType === 'image/jpeg'
      ? stripJpeg(data)
      : contentType === 'image/png'
        ? stripPng(data)
        : stripWebp(data);
  return stripped ? { contentType, data: stripped } : null;
}

const JPEG_EXIF = Buffer.from('Exif\0\0', 'latin1');
const JPEG_XMP = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/** JPEG: drops APP1 (EXIF, XMP), APP13 (IPTC) and comment segments before the image data. */
function stripJpeg(data: Buffer): Buffer | null {
  const kept: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > data.length) return null;
    // From the start of scan on, everything is image data: kept as it is.
    if (marker === 0xda) {
      kept.push(data.subarray(at));
      return Buffer.concat(kept);
    }
    const body = data.subarray(at + 4, end);
    const metadata =
      (marker === 0xe1 && (startsWith(body, JPEG_EXIF) || startsWith(body, JPEG_XMP))) ||
      marker === 0xed ||
      marker === 0xfe;
    if (!metadata) kept.push(data.subarray(at, end));
    at = end;
  }
  return null;
}

const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** PNG: drops the EXIF, text and time chunks (each chunk carries its own CRC, so the rest stays valid). */
function stripPng(data: Buffer): Buffer | null {
  const kept: Buffer[] = [data.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > data.length) return null;
    if (!PNG_METADATA.has(type)) kept.push(data.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return null;
}

/** WEBP: drops the EXIF and XMP chunks, clears their flags in VP8X and fixes the RIFF size. */
function stripWebp(data: Buffer): Buffer | null {
  const kept: Buffer[] = [];
  let at = 12;
  while (at + 8 <= data.length) {
    const type = data.subarray(at, at + 4).toString('latin1');
    const size = data.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > data.length) return null;
    const chunk = Buffer.from(data.subarray(at, Math.min(end, data.length)));
    if (type === 'VP8X' && size >= 1) chunk[8] = chunk[8]! & ~0x0c; // EXIF (0x08) and XMP (0x04) flags
    if (type !== 'EXIF' && type !== 'XMP ') kept.push(chunk);
    at = end;
  }
  if (kept.length === 0) return null;
  const body = Buffer.concat(kept);
  const header = Buffer.from(data.subarray(0, 12));
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

const startsWith = (data: Buffer, prefix: Buffer) =>
  data.length >= prefix.length && data.subarray(0, prefix.length).equals(prefix);
