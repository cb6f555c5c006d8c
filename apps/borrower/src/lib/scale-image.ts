/**
 * Phone photos (profile documents, chat photos, payment receipts) are scaled down before upload: a borrower on a slow
 * network should not send 8 MB. The longest side is at most 1600 px and the photo is re-encoded as
 * JPEG (quality 0.8); a PNG front ID that is already small is kept as it is (the front ID must be PNG
 * or JPEG, SPEC section 5).
 */
export const MAX_IMAGE_SIDE_PX = 1600;
export const JPEG_QUALITY = 0.8;
/** Below this size, an image that needs no scaling is sent untouched. */
export const KEEP_AS_IS_MAX_BYTES = 400 * 1024;

export interface ImageFacts {
  type: string;
  size: number;
  width: number;
  height: number;
}

export type ImagePlan =
  | { action: 'keep' }
  | { action: 'reencode'; width: number; height: number; type: 'image/jpeg' | 'image/png'; quality: number };

/** The size within `maxSide` on the longest side, keeping the proportions (never scaled up). */
export function scaledSize(width: number, height: number, maxSide = MAX_IMAGE_SIDE_PX) {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const ratio = maxSide / longest;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** What to do with an image before upload. */
export function planImageUpload(image: ImageFacts): ImagePlan {
  const size = scaledSize(image.width, image.height);
  const fits = size.width === image.width && size.height === image.height;
  const isPngOrJpeg = image.type === 'image/png' || image.type === 'image/jpeg';
  if (fits && isPngOrJpeg && image.size <= KEEP_AS_IS_MAX_BYTES) return { action: 'keep' };
  return { action: 'reencode', ...size, type: 'image/jpeg', quality: JPEG_QUALITY };
}

/** The front ID must be PNG or JPEG (png, jpg, jpeg); the other documents any image. */
export function isAcceptedImage(file: { type: string; name: string }, isFrontId: boolean): boolean {
  if (isFrontId) return /^image\/(png|jpeg)$/.test(file.type) || /\.(png|jpe?g)$/i.test(file.name);
  return file.type.startsWith('image/');
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The image to upload: the file itself when it is small enough, otherwise a scaled JPEG drawn on a
 * canvas. An image the browser cannot read (e.g. HEIC) is sent as it is: the server answers.
 */
export async function prepareImageForUpload(file: File): Promise<Blob> {
  let decoded: Awaited<ReturnType<typeof decode>>;
  try {
    decoded = await decode(file);
  } catch {
    return file;
  }
  const plan = planImageUpload({ type: file.type, size: file.size, ...decoded });
  if (plan.action === 'keep') return file;
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  // JPEG has no transparency: a white background instead of black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, plan.width, plan.height);
  context.drawImage(decoded.source, 0, 0, plan.width, plan.height);
  if ('close' in decoded.source && typeof decoded.source.close === 'function') decoded.source.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, plan.type, plan.quality));
  return blob && blob.size < file.size ? blob : file;
}
