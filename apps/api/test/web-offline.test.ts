import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Decision 018 (issue 33, point 3): what the borrower app's service worker and its installation
// need from the server: the worker never cached for long, a policy that lets it and the manifest
// load, the manifest with the brand setting, and index.html read again after a deploy.
describe('offline and installable borrower app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'prestamos-borrower-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>__BRAND_NAME__</title><p>v1</p>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    mkdirSync(path.join(dist, 'static/js'), { recursive: true });
    writeFileSync(path.join(dist, 'static/js/index-abc123.js'), 'export {};');
    t = await createTestApp({ env: { BORROWER_DIST: dist, BRAND_NAME: 'Lempiras Ya & Cía' } });
  });
  afterAll(() => t.close());

  it('serves the service worker to be asked again every time, the hashed files for a year', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const chunk = await t.app.inject({ method: 'GET', url: '/static/js/index-abc123.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("allows the app's own worker and manifest in its policy", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('writes the web app manifest with the brand setting and installable icons', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/manifest+json');
    const manifest = answer.json<{
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    }>();
    expect(manifest.name).toBe('Lempiras Ya & Cía');
    expect(manifest.short_name).toBe('Lempiras Ya & Cía');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192' }),
        expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
  });

  it('serves the new index.html once a deploy replaced it, without a restart', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('<p>v1</p>');
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>__BRAND_NAME__</title><p>v2</p>');
    // A later modification time, as a deploy's copy has.
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<p>v2</p>');
    expect(page.body).toContain('<title>Lempiras Ya &amp; Cía</title>');
  });
});
