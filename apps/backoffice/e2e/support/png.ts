import { encodeRgbPng } from '../../../borrower/e2e/support/images';

/**
 * A small real PNG built in code (no image committed): a colour gradient with a dark band across the
 * top, so that a rotation is visible in a screenshot. `seed` varies the colours.
 */
export function makePng(width: number, height: number, seed = 1): Buffer {
  return encodeRgbPng(width, height, (x, y) =>
    y < height / 6
      ? [20, 20, 60]
      : [((x * 255) / width) & 0xff, ((y * 255) / height + seed * 50) & 0xff, (100 + seed * 35) & 0xff],
  );
}
