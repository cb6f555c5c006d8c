import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The front ends' built files: scripts are sent as compressed at build time (scripts/precompress.ts),
// chosen by the browser's Accept-Encoding, and kept by phones for a year (their names carry a hash).

const SCRIPT = `console.log(${JSON.stringify('préstamos '.repeat(400))});`;
// The compressed files say which one was sent (the same script with a comment of their own): a
// script compressed by the server on the fly would not carry it.
const AS_BROTLI = `${SCRIPT}\n// .br`;
const AS_GZIP = `${SCRIPT}\n// .gz`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'prestamos-borrower-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>__BRAND_NAME__</title>');
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  const file = path.join(dist, 'static/js/app-3f2a1b.js');
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(AS_BROTLI));
  writeFileSync(`${file}.gz`, gzipSync(AS_GZIP));
  t = await createTestApp({ env: { BORROWER_DIST: dist } });
});
afterAll(() => t.close());

const fetchScript = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/static/js/app-3f2a1b.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('built scripts', () => {
  it('go as the brotli file to a browser that takes it, immutable for a year', async () => {
    const res = await fetchScript('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(AS_BROTLI);
  });

  it('go as the gzip file to one that takes only gzip, and as they are to one that takes neither', async () => {
    const gz = await fetchScript('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(AS_GZIP);
    const plain = await fetchScript('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});
