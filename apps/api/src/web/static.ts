import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { THEME } from '@prestamos-hn/domain';
import type { Config } from '../config.ts';
import { CSP_NONCE_PLACEHOLDER, styleNonceFor } from './style-nonce.ts';
import { NOT_FOUND_REPLY } from '../errors.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An inline script of a page (no `src`, and not a data block such as `type="text/html"`, which never
 * runs): its text, as the policy's hash covers it.
 */
const INLINE_SCRIPT = /<script(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The policy's sources for a page's inline scripts: `'sha256-…'` of each, so exactly those run
 * (the borrower app's page script, decision 020) and nothing else inline, whoever knows a nonce.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`,
  );
}

/**
 * An SPA's index.html with the brand setting filled in (kept until the file changes: a deploy that
 * replaces the built app is served at once, as versionjs.txt is) and this response's style nonce
 * (web/style-nonce.ts), so it is never cached: `no-store`. Its policy's `script-src` names the hash of
 * each inline script the page has.
 */
function indexPage(dist: string, brandName: string) {
  const file = path.join(dist, 'index.html');
  let cached: { mtimeMs: number; page: Promise<{ html: string; scriptHashes: string[] }> } | undefined;
  return async (reply: FastifyReply) => {
    try {
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = {
          mtimeMs,
          page: readFile(file, 'utf8').then((built) => {
            const html = built.replaceAll('__BRAND_NAME__', escapeHtml(brandName));
            return { html, scriptHashes: inlineScriptHashes(html) };
          }),
        };
      }
      const page = await cached.page;
      const html = page.html.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceFor(reply.raw));
      if (page.scriptHashes.length > 0) allowInlineScripts(reply, page.scriptHashes);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    } catch {
      cached = undefined;
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación aún no está construida. Ejecuta «npm run build» o «npm start».');
    }
  };
}

/** Adds the page's inline script hashes to the `script-src` of the policy the security headers set. */
function allowInlineScripts(reply: FastifyReply, hashes: string[]) {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.raw.setHeader(
    'content-security-policy',
    policy.replace(
      /script-src ([^;]*)/,
      (_directive, sources: string) => `script-src ${sources} ${hashes.join(' ')}`,
    ),
  );
}

const longCache = (reply: FastifyReply, filePath: string) => {
  // Vite names built assets by content hash: they never change, so phones may keep them.
  const hashed = /[\\/](static|assets)[\\/]/.test(filePath);
  // Everything else, the service worker (sw.js) first, is asked again each time: a new deploy's
  // worker is found at once.
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * The borrower app's web app manifest (decision 018): its name is the brand setting, so it is written
 * here rather than by the build. It makes the app installable on a phone's home screen.
 */
export function webAppManifest(brandName: string) {
  return {
    name: brandName,
    short_name: brandName,
    description: 'Préstamos en lempiras para personas en Honduras.',
    lang: 'es-HN',
    dir: 'ltr',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: THEME.primaryColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/**
 * The two front ends: the borrower SPA at `/` (hash routes) and the back-office at `/backoffice/`,
 * plus `/versionjs.txt`, the app version the open apps poll (read fresh on every request, so a new
 * deployment is noticed without restarting the server).
 */
export const webPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const borrowerIndex = indexPage(config.borrowerDist, config.brandName);
  const backofficeIndex = indexPage(config.backofficeDist, config.brandName);

  app.get('/versionjs.txt', async (_request, reply) => {
    try {
      const version = (await readFile(config.versionFile, 'utf8')).trim();
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(version);
    } catch {
      return reply.code(404).header('cache-control', 'no-store').send('');
    }
  });

  const manifest = JSON.stringify(webAppManifest(config.brandName));
  app.get('/manifest.webmanifest', (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(manifest),
  );

  for (const [dist, prefix] of [
    [config.borrowerDist, '/'],
    [config.backofficeDist, '/backoffice/'],
  ] as const) {
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic, {
      root: dist,
      prefix,
      index: false,
      wildcard: true,
      decorateReply: prefix === '/',
      setHeaders: longCache,
      // Scripts, styles and SVGs are compressed at build time (scripts/precompress.ts): brotli 11
      // or gzip 9 is sent as it is; @fastify/compress leaves an encoded answer alone.
      preCompressed: true,
      // Vite's manifest (dist/.vite/, read by `npm run size`) is for the build, not for browsers.
      allowedPath: (pathName) => !pathName.endsWith('index.html') && !pathName.includes('/.vite/'),
    });
  }

  app.get('/', (_request, reply) => borrowerIndex(reply));
  app.get('/index.html', (_request, reply) => borrowerIndex(reply));
  app.get('/backoffice', (_request, reply) => reply.redirect('/backoffice/'));
  app.get('/backoffice/', (_request, reply) => backofficeIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      return url.startsWith('/backoffice/') ? backofficeIndex(reply) : borrowerIndex(reply);
    }
    return reply.code(404).send(NOT_FOUND_REPLY.body);
  });
};
