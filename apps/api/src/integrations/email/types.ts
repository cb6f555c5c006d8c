export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Hands the message to the mail server; resolves with its message id, rejects if it was not accepted. */
  send(message: EmailMessage): Promise<{ providerId: string }>;
}
