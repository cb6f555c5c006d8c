import { describe, expect, it } from 'vitest';
import { isAcceptedImage, planImageUpload, scaledSize } from './scale-image';

describe('scaledSize', () => {
  it.each([
    [4000, 3000, { width: 1600, height: 1200 }],
    [3000, 4000, { width: 1200, height: 1600 }],
    [1600, 900, { width: 1600, height: 900 }],
    [800, 600, { width: 800, height: 600 }],
    [9000, 10, { width: 1600, height: 2 }],
  ])('%i x %i fits in 1600 px as %j', (width, height, expected) => {
    expect(scaledSize(width, height)).toEqual(expected);
  });
});

describe('planImageUpload', () => {
  it('keeps a small PNG or JPEG that needs no scaling', () => {
    expect(planImageUpload({ type: 'image/png', size: 200_000, width: 1000, height: 700 })).toEqual({
      action: 'keep',
    });
    expect(planImageUpload({ type: 'image/jpeg', size: 50_000, width: 640, height: 480 })).toEqual({
      action: 'keep',
    });
  });

  it.each([
    [
      'scales a large phone photo down',
      { type: 'image/jpeg', size: 8_000_000, width: 4000, height: 3000 },
      { width: 1600, height: 1200 },
    ],
    [
      're-encodes a heavy image even when its size in pixels fits',
      { type: 'image/png', size: 3_000_000, width: 1200, height: 1200 },
      { width: 1200, height: 1200 },
    ],
    [
      're-encodes other image types (webp, gif)',
      { type: 'image/webp', size: 10_000, width: 300, height: 300 },
      { width: 300, height: 300 },
    ],
  ])('%s, as a JPEG at quality 0.8', (_case, image, size) => {
    expect(planImageUpload(image)).toEqual({ action: 'reencode', ...size, type: 'image/jpeg', quality: 0.8 });
  });
});

describe('isAcceptedImage', () => {
  it.each([
    [{ type: 'image/png', name: 'a.png' }, true, true],
    [{ type: 'image/jpeg', name: 'a.jpeg' }, true, true],
    [{ type: '', name: 'FOTO.JPG' }, true, true],
    [{ type: 'image/webp', name: 'a.webp' }, true, false],
    [{ type: 'application/pdf', name: 'a.pdf' }, true, false],
    [{ type: 'image/webp', name: 'a.webp' }, false, true],
    [{ type: 'application/pdf', name: 'a.pdf' }, false, false],
  ])('%j as front ID %s: %s', (file, isFrontId, expected) => {
    expect(isAcceptedImage(file, isFrontId)).toBe(expected);
  });
});
