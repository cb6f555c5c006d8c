/** The outside parties the API talks to, as named in logs and errors. */
export type IntegrationParty =
  'census' | 'sms' | 'email' | 'bank-account' | 'payment-partner' | 'geocoder' | 'file-storage';

/** How each party is named in a message a person may read (logs, back-office). */
export const partyLabels: Record<IntegrationParty, string> = {
  census: 'El registro nacional de las personas (RNP)',
  sms: 'La pasarela de SMS',
  email: 'El servidor de correo',
  'bank-account': 'La verificación de cuentas bancarias',
  'payment-partner': 'El socio de pagos',
  geocoder: 'El servicio de geocodificación',
  'file-storage': 'El almacenamiento de archivos',
};

/**
 * A call to an outside party failed: it could not be reached, it took too long, or it answered with an
 * error. The message is Spanish and never carries a secret, a URL or the partner's answer body.
 */
export class IntegrationError extends Error {
  readonly party: IntegrationParty;
  /** The partner's HTTP status, when it answered. */
  readonly httpStatus: number | undefined;

  constructor(party: IntegrationParty, message: string, options?: { httpStatus?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'IntegrationError';
    this.party = party;
    this.httpStatus = options?.httpStatus;
  }
}
