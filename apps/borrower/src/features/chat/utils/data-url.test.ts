import { describe, expect, it } from 'vitest';
import { blobToDataUrl, dataUrlToBlob } from './data-url';

describe('photos as data URLs', () => {
  it('go there and back byte for byte', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 250]);
    const url = await blobToDataUrl(new Blob([bytes], { type: 'image/jpeg' }));
    expect(url).toBe('data:image/jpeg;base64,/9j/4AABAvo=');
    const back = dataUrlToBlob(url);
    expect(back.type).toBe('image/jpeg');
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(bytes);
  });

  it('refuses what is not a data URL', () => {
    expect(() => dataUrlToBlob('https://example.com/x.png')).toThrow(RangeError);
  });
});
