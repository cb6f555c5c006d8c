import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '../shared/integration-error';
import { createSmtpMailer } from './smtp';

interface Session {
  commands: string[];
  data: string;
}

interface FakeSmtpOptions {
  /** Reply to RCPT TO, default `250 OK`. */
  rcptReply?: string;
  /** Never greet, so the client's greeting deadline must fire. */
  silent?: boolean;
}

/**
 * Just enough of an SMTP server (RFC 5321) to prove a message really leaves over a socket: greeting,
 * EHLO with AUTH PLAIN, MAIL FROM, RCPT TO, DATA up to the lone dot, QUIT. It records every command and
 * the message data.
 */
async function startSmtpServer(options: FakeSmtpOptions = {}) {
  const sessions: Session[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const session: Session = { commands: [], data: '' };
    sessions.push(session);
    if (options.silent) return;
    let buffer = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 prueba.local ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 2.0.0 Ok: queued as ABC123');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        session.commands.push(line);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO') reply('250-prueba.local\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        else if (verb === 'AUTH') reply('235 2.7.0 Authentication successful');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') reply(options.rcptReply ?? '250 OK');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('delivers the message over a real socket with the configured sender and credentials', async () => {
    smtp = await startSmtpServer();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://usuario:clave-smtp@127.0.0.1:${smtp.port}`,
      from: 'Prestamos HN <no-responder@prestamos.example>',
    });

    const { providerId } = await mailer.send({
      to: 'karla@example.com',
      subject: 'Codigo de verificacion',
      text: 'Tu codigo es 123456',
      html: '<p>Tu codigo es <b>123456</b></p>',
    });

    expect(providerId).toMatch(/^<.+@.+>$/);
    const [session] = smtp.sessions;
    expect(session?.commands[0]).toMatch(/^EHLO /);
    expect(session?.commands).toContain(
      `AUTH PLAIN ${Buffer.from('\0usuario\0clave-smtp').toString('base64')}`,
    );
    expect(session?.commands).toContain('MAIL FROM:<no-responder@prestamos.example>');
    expect(session?.commands).toContain('RCPT TO:<karla@example.com>');
    expect(session?.commands).toContain('DATA');
    expect(session?.data).toContain('Subject: Codigo de verificacion');
    expect(session?.data).toContain('To: karla@example.com');
    expect(session?.data).toContain('From: Prestamos HN <no-responder@prestamos.example>');
    expect(session?.data).toContain(`Message-ID: ${providerId}`);
    expect(session?.data).toContain('Tu codigo es 123456');
    expect(session?.data).toContain('<b>123456</b>');
    expect(session?.data).toContain('multipart/alternative');
  });

  it('encodes a Spanish subject and sends text only when there is no html', async () => {
    smtp = await startSmtpServer();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-responder@localhost',
    });
    await mailer.send({ to: 'jose@example.com', subject: 'Recuperación de contraseña', text: 'Hola' });
    const [session] = smtp.sessions;
    expect(session?.commands.some((c) => c.startsWith('AUTH'))).toBe(false);
    expect(session?.data).toMatch(/Subject: =\?UTF-8\?[QB]\?/);
    expect(session?.data).not.toContain('multipart/alternative');
    expect(session?.data).toContain('Content-Type: text/plain');
  });

  it('rejects with an IntegrationError when the server refuses the recipient', async () => {
    smtp = await startSmtpServer({ rcptReply: '550 5.1.1 Mailbox unavailable' });
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-responder@localhost',
    });
    const error = await mailer
      .send({ to: 'nadie@example.com', subject: 'x', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect((error as IntegrationError).party).toBe('email');
    expect((error as Error).message).toBe(
      'El servidor de correo no aceptó el mensaje (EENVELOPE, respuesta 550).',
    );
  });

  it('rejects when the server does not greet in time', async () => {
    smtp = await startSmtpServer({ silent: true });
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://usuario:clave-smtp@127.0.0.1:${smtp.port}`,
      from: 'no-responder@localhost',
      timeoutMs: 100,
    });
    const error = await mailer
      .send({ to: 'karla@example.com', subject: 'x', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect((error as Error).message).toMatch(/^El servidor de correo no aceptó el mensaje \(ETIMEDOUT/);
    expect((error as Error).message).not.toContain('clave-smtp');
  });
});
