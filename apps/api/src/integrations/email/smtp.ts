import { createTransport } from 'nodemailer';
import { DEFAULT_TIMEOUT_MS } from '../shared/http';
import { IntegrationError } from '../shared/integration-error';
import type { Mailer } from './types';

/**
 * Real delivery over SMTP with nodemailer, from `smtpUrl` (`smtp://user:pass@host:587`, or `smtps://`
 * for TLS from the start) and the `from` address. Connecting, the greeting and each silence on the
 * socket are bounded by `timeoutMs`. Any failure rejects with an IntegrationError whose message names
 * nodemailer's error code and the server's reply code, never the URL or its password.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string; timeoutMs?: number }): Mailer {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });

  return {
    async send({ to, subject, text, html }) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to,
          subject,
          text,
          ...(html === undefined ? {} : { html }),
        });
        if (info.rejected.length > 0) {
          throw new IntegrationError('email', 'El servidor de correo rechazó al destinatario.');
        }
        return { providerId: info.messageId };
      } catch (error) {
        if (error instanceof IntegrationError) throw error;
        throw new IntegrationError('email', describeSmtpFailure(error), { cause: error });
      }
    },
  };
}

function describeSmtpFailure(error: unknown): string {
  const details = error as { code?: unknown; responseCode?: unknown };
  const parts = [
    typeof details.code === 'string' ? details.code : undefined,
    typeof details.responseCode === 'number' ? `respuesta ${details.responseCode}` : undefined,
  ].filter(Boolean);
  return `El servidor de correo no aceptó el mensaje${parts.length > 0 ? ` (${parts.join(', ')})` : ''}.`;
}
