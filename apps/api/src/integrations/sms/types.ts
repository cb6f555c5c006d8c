export interface SmsMessage {
  /** An 8-digit Honduran mobile number, without the +504 prefix. */
  to: string;
  body: string;
}

export interface SmsGateway {
  /** Hands the message to the gateway; resolves with the gateway's id, rejects if it was not accepted. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
}
