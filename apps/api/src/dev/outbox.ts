import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLoopbackAddress } from '../config.ts';
import type { Deps } from '../services/deps.ts';
import { listOutbox } from '../services/outbox.ts';
import { NOT_FOUND_REPLY } from '../errors.ts';

const query = z.object({ to: z.string().trim().min(1).max(200).optional() });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Headers a proxy adds: a request carrying one came from elsewhere through this machine. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Only a client on this machine, talking to the server directly: the socket's own address (never
 * X-Forwarded-For, whatever TRUST_PROXY says) is loopback, and no proxy header says it relays
 * someone else (a proxy on the same machine connects from 127.0.0.1 too).
 */
export function isDirectLoopbackClient(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    FORWARDING_HEADERS.every((h) => request.headers[h] === undefined)
  );
}

/**
 * Development only, and only with DEV_OUTBOX=1 (app.ts; config.ts refuses it in production and on a
 * non-loopback HOST): every SMS and e-mail the server sent, so a newcomer can read one-time codes and
 * links without a phone or a mail server. Anyone but a direct loopback client gets the 404 of a
 * route that does not exist.
 */
export const devOutboxPlugin: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isDirectLoopbackClient(request)) {
      request.log.warn({ ip: request.socket.remoteAddress }, 'dev outbox refused to a non-loopback client');
      return reply.code(404).header('cache-control', 'no-store').send(NOT_FOUND_REPLY.body);
    }
  });

  app.get('/api/dev/outbox', async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.code(400).send({ message: 'Parámetro «to» inválido.' });
    return reply.header('cache-control', 'no-store').send(await listOutbox(deps, parsed.data));
  });

  app.get('/api/dev/outbox.html', async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const to = parsed.success ? parsed.data.to : undefined;
    const rows = await listOutbox(deps, { to });
    const items = rows
      .map(
        (m) => `<article>
  <h2>${m.channel === 'sms' ? 'SMS' : 'Correo'} para ${escapeHtml(m.to)}</h2>
  <p class="meta"><time datetime="${m.createdAt}">${m.createdAt}</time>${m.subject ? ` · ${escapeHtml(m.subject)}` : ''}</p>
  <pre>${escapeHtml(m.body)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bandeja de salida (desarrollo)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; color: #1a1a1a; }
h1 { font-size: 1.4rem; }
article { border: 1px solid #ccc; border-radius: 4px; padding: 0.5rem 1rem; margin: 0 0 1rem; }
h2 { font-size: 1rem; margin: 0.25rem 0; }
.meta { color: #555; font-size: 0.85rem; margin: 0; }
pre { white-space: pre-wrap; font-size: 1rem; }
</style>
</head>
<body>
<main>
<h1>Bandeja de salida (solo en desarrollo)</h1>
<form method="get">
<label for="to">Teléfono o correo</label>
<input id="to" name="to" value="${escapeHtml(to ?? '')}">
<button type="submit">Filtrar</button>
</form>
${items || '<p>No hay mensajes todavía.</p>'}
</main>
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
