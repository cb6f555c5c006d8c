import { createSentMessages } from '../shared/sent-messages';
import type { EmailMessage, Mailer } from './types';

export interface SimulatedEmail extends EmailMessage {
  providerId: string;
}

export interface SimulatedMailer extends Mailer {
  /** The messages accepted, oldest first, at most `capacity` of them. */
  sent(): readonly SimulatedEmail[];
}

/**
 * Accepts and acknowledges every message that has a recipient, offline. The visible record of what was
 * sent is the outbox table; this keeps only the last `capacity` messages in memory (default 1000), for
 * tests. Ids are `sim-email-000001`, `sim-email-000002`, … in the order messages arrive.
 */
export function createSimulatedMailer(options: { capacity?: number } = {}): SimulatedMailer {
  const sent = createSentMessages<EmailMessage>('email', options.capacity);

  return {
    async send(message) {
      if (!/^[^\s@]+@[^\s@]+$/.test(message.to)) {
        throw new RangeError('La dirección de correo del destinatario no es válida.');
      }
      return { providerId: sent.record(message) };
    },
    sent: () => sent.list(),
  };
}
