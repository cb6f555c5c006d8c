import { createSentMessages } from '../shared/sent-messages';
import { assertHonduranMobile } from './mobile-number';
import type { SmsGateway, SmsMessage } from './types';

export interface SimulatedSms extends SmsMessage {
  providerId: string;
}

export interface SimulatedSmsGateway extends SmsGateway {
  /** The messages accepted, oldest first, at most `capacity` of them. */
  sent(): readonly SimulatedSms[];
}

/**
 * Accepts and acknowledges every well-formed message, offline. The visible record of what was sent is
 * the outbox table; this keeps only the last `capacity` messages in memory (default 1000), for tests.
 * Ids are `sim-sms-000001`, `sim-sms-000002`, … in the order messages arrive.
 */
export function createSimulatedSmsGateway(options: { capacity?: number } = {}): SimulatedSmsGateway {
  const sent = createSentMessages<SmsMessage>('sms', options.capacity);

  return {
    async send({ to, body }) {
      assertHonduranMobile(to);
      return { providerId: sent.record({ to, body }) };
    },
    sent: () => sent.list(),
  };
}
