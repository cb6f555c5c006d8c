import { apiDataDir, type Config } from '../config';
import { createHttpBankAccountCheck } from './bank-account/http';
import { createSimulatedBankAccountCheck } from './bank-account/simulator';
import type { BankAccountCheck } from './bank-account/types';
import { createHttpCensusRegistry } from './census/http';
import { createSimulatedCensusRegistry } from './census/simulator';
import type { CensusRegistry } from './census/types';
import { createSimulatedMailer } from './email/simulator';
import { createSmtpMailer } from './email/smtp';
import type { Mailer } from './email/types';
import { createS3FileStorage } from './file-storage/http';
import { createFolderFileStorage } from './file-storage/simulator';
import type { FileStorage } from './file-storage/types';
import { loadGazetteer } from './geocoder/gazetteer';
import { createNominatimGeocoder } from './geocoder/http';
import { createGazetteerGeocoder } from './geocoder/simulator';
import type { Geocoder } from './geocoder/types';
import { createHttpPaymentPartner } from './payment-partner/http';
import { createSimulatedPaymentPartner } from './payment-partner/simulator';
import type { PaymentPartner } from './payment-partner/types';
import type { FetchFn } from './shared/http';
import { createHttpSmsGateway } from './sms/http';
import { createSimulatedSmsGateway } from './sms/simulator';
import type { SmsGateway } from './sms/types';

export type { BankAccountCheck } from './bank-account/types';
export type { CensusLookup, CensusRecord, CensusRegistry } from './census/types';
export { isCensusFound } from './census/types';
export type { EmailMessage, Mailer } from './email/types';
export type { FileStorage, StoredFile } from './file-storage/types';
export type { GeoPlace, Geocoder } from './geocoder/types';
export type { BankPaymentSubmission, PaymentPartner, ReceiptPhoto } from './payment-partner/types';
export { bankPaymentConstants } from './payment-partner/types';
export { formatPaymentAmount } from './payment-partner/payment-amount';
export type { SmsGateway, SmsMessage } from './sms/types';
export { IntegrationError, type IntegrationParty } from './shared/integration-error';
export { createSimulatedSmsGateway, type SimulatedSmsGateway } from './sms/simulator';
export { createSimulatedMailer, type SimulatedMailer } from './email/simulator';
export { createSimulatedPaymentPartner, type SimulatedPaymentPartner } from './payment-partner/simulator';

/** Every outside party the API talks to, each behind its interface. */
export interface Integrations {
  census: CensusRegistry;
  sms: SmsGateway;
  mailer: Mailer;
  bankAccountCheck: BankAccountCheck;
  paymentPartner: PaymentPartner;
  geocoder: Geocoder;
  fileStorage: FileStorage;
}

export interface IntegrationDeps {
  /** The `fetch` every HTTP adapter uses; defaults to the global one. */
  fetch?: FetchFn;
}

/**
 * Builds every integration from the settings: the real adapter where its URL (or SMTP URL, or S3
 * bucket) is set, the local simulator otherwise, so a fresh clone runs offline. Reference files
 * (census fixtures, known accounts, gazetteer) are read and checked here, once: a bad file or a URL
 * without its secret stops the server at start with a message that names it.
 */
export function createIntegrations(config: Config, deps: IntegrationDeps = {}): Integrations {
  const http = { fetch: deps.fetch };
  const gazetteer = loadGazetteer(apiDataDir);

  return {
    census: config.census.url
      ? createHttpCensusRegistry({
          url: config.census.url,
          apiKey: requireSecret(config.census.apiKey, 'CENSUS_URL', 'CENSUS_API_KEY'),
          ...http,
        })
      : createSimulatedCensusRegistry({ fixtureFiles: config.census.fixtures }),

    sms: config.sms.url
      ? createHttpSmsGateway({
          url: config.sms.url,
          apiKey: requireSecret(config.sms.apiKey, 'SMS_URL', 'SMS_API_KEY'),
          ...http,
        })
      : createSimulatedSmsGateway(),

    mailer: config.email.smtpUrl
      ? createSmtpMailer({ smtpUrl: config.email.smtpUrl, from: config.email.from })
      : createSimulatedMailer(),

    bankAccountCheck: config.bankAccountCheck.url
      ? createHttpBankAccountCheck({
          url: config.bankAccountCheck.url,
          apiKey: requireSecret(
            config.bankAccountCheck.apiKey,
            'BANK_ACCOUNT_CHECK_URL',
            'BANK_ACCOUNT_CHECK_KEY',
          ),
          ...http,
        })
      : createSimulatedBankAccountCheck({ accountsFile: config.bankAccountCheck.accountsFile }),

    paymentPartner: config.paymentPartner.url
      ? createHttpPaymentPartner({
          url: config.paymentPartner.url,
          token: requireSecret(config.paymentPartner.token, 'PAYMENT_PARTNER_URL', 'PAYMENT_PARTNER_TOKEN'),
          ...http,
        })
      : createSimulatedPaymentPartner(),

    geocoder: config.geocoder.url
      ? createNominatimGeocoder({
          url: config.geocoder.url,
          userAgent: `prestamos-hn-api (+${new URL(config.publicUrl).origin})`,
          gazetteer,
          ...http,
        })
      : createGazetteerGeocoder({ gazetteer }),

    fileStorage: config.storage.s3
      ? createS3FileStorage({ ...config.storage.s3, ...http })
      : createFolderFileStorage({ rootDir: config.storage.filesDir }),
  };
}

/**
 * The integrations these settings leave on their simulator, for the server to log at start (and to
 * refuse in production if it so decides): a simulated census or payment partner is not for real money.
 */
export function listSimulatedIntegrations(config: Config): (keyof Integrations)[] {
  const simulated: [keyof Integrations, boolean][] = [
    ['census', !config.census.url],
    ['sms', !config.sms.url],
    ['mailer', !config.email.smtpUrl],
    ['bankAccountCheck', !config.bankAccountCheck.url],
    ['paymentPartner', !config.paymentPartner.url],
    ['geocoder', !config.geocoder.url],
    ['fileStorage', !config.storage.s3],
  ];
  return simulated.filter(([, isSimulated]) => isSimulated).map(([name]) => name);
}

function requireSecret(secret: string | undefined, urlSetting: string, secretSetting: string): string {
  if (!secret) throw new Error(`${urlSetting} necesita ${secretSetting}.`);
  return secret;
}
