import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_CHAT_OFFICE_HOURS,
  parseOfficeHours,
  RECEIPT_SECOND_APPROVAL_DEFAULT_CENTS,
  type OfficeHours,
  type StaffRole,
} from '@prestamos-hn/domain';
import { STAFF_PASSWORD_MIN_LENGTH } from '@prestamos-hn/contract';
import { z } from 'zod';
import { isCommonPassword } from './services/shared/common-passwords.ts';

import { apiDataDir, repoRoot } from './paths.ts';

export { apiDataDir, repoRoot };

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * Every setting the server reads, with its default. The environment is read once, here, at start
 * (`loadConfig(process.env)`); nothing else in the server reads `process.env`.
 * The README's settings table mirrors this schema.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Where the server listens. Loopback (127.0.0.1, ::1, localhost) is the newcomer's machine: demo
   * accounts, simulators and random keys are allowed there. Any other address is reachable from a
   * network: the server then refuses to start while any of those would be used (exposureGaps).
   */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /**
   * `1`: the development outbox (/api/dev/outbox, its page) with every SMS and e-mail sent, live
   * codes included, for loopback clients only. `npm start` sets it outside production; off otherwise.
   * Refused in production and on a non-loopback HOST.
   */
  DEV_OUTBOX: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1']).default('0')),
  /**
   * Which proxies in front of the server may say who the client is (X-Forwarded-For): off by
   * default, so no client can choose its own IP; a hop count (`1`) or the proxies' addresses and
   * ranges (`10.0.0.0/8,192.168.1.4`).
   */
  TRUST_PROXY: optionalText,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BRAND_NAME: z.string().min(1).default('Préstamos HN'),
  /** How long a SIGTERM may take (shutdown.ts): past it the process exits 1. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(20),
  /**
   * How long a SIGTERM keeps serving with /api/ready at 503 before it closes (shutdown.ts), so a load
   * balancer stops sending first: at least its checks' interval times their fall count (HAProxy in
   * deploy/: 2 s × 2). Part of SHUTDOWN_GRACE_SECONDS. 0 (alone, no balancer): it closes at once.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(0),
  /**
   * The Prometheus scrape port (issue 34 point 1): `GET /metrics` on HOST:METRICS_PORT, a server of
   * its own (metrics.ts). Off when unset, and then nothing is measured.
   */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /**
   * An OpenTelemetry collector (OTLP over HTTP, `http://collector:4318`): traces of each request, its
   * Fastify steps and its SQL are sent there (telemetry.ts). Off when unset: no OpenTelemetry code loads.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** The `service.name` of the traces. */
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('prestamos-hn-api'),

  DATABASE_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  /** Where `npm run backup` writes its folders (backup/backup.ts); relative to the repository. */
  BACKUP_DIR: z.string().default('./backups'),
  APP_NOW: optionalText,

  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(24),

  CENSUS_URL: optionalUrl,
  CENSUS_API_KEY: optionalText,
  CENSUS_FIXTURES: optionalText,
  CENSUS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  ONE_TIME_CODES_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Registration codes asked from one IP per hour (SMS pumping). */
  REGISTRATION_CODES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Global hourly ceilings, all clients together (issue 32 point 2): see `ceilings` in Config. */
  CEILING_CENSUS_LOOKUPS_PER_HOUR: z.coerce.number().int().positive().default(2000),
  CEILING_REGISTRATION_SMS_PER_HOUR: z.coerce.number().int().positive().default(500),
  /** Rate limits (shared by every instance through the database): see rateLimits in Config. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_STAFF_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_STAFF_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FILES_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_ACCOUNT_CHANGES_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_BANK_CHECKS_PER_HOUR: z.coerce.number().int().positive().default(10),

  SMS_URL: optionalUrl,
  SMS_API_KEY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,

  BANK_ACCOUNT_CHECK_URL: optionalUrl,
  BANK_ACCOUNT_CHECK_KEY: optionalText,
  BANK_ACCOUNTS_FILE: optionalText,
  PAYMENT_PARTNER_URL: optionalUrl,
  PAYMENT_PARTNER_TOKEN: optionalText,
  GEOCODER_URL: optionalUrl,

  FILES_DIR: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** The largest uploaded document, in bytes (default 5 MB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** The key that signs document URLs (the selfie); required in production, at least 32 characters. */
  FILE_URL_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),

  VERSION_FILE: optionalText,
  BORROWER_DIST: optionalText,
  /** The borrower app's server render (decision 024); default apps/borrower/dist-server/server-render.js. */
  BORROWER_SERVER_RENDER: optionalText,
  BACKOFFICE_DIST: optionalText,

  /** The first back-office admin, created at start when no admin exists (demo values outside production). */
  BACKOFFICE_ADMIN_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
  /** Checked by loadConfig (length and the common-password list), refused in one line. */
  BACKOFFICE_ADMIN_PASSWORD: optionalText,
  BACKOFFICE_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  BACKOFFICE_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /**
   * The back-office's own origin (`https://staff.prestamos.hn`; issue 32 point 8), optional: set, the
   * staff API and pages answer there only, nothing of the borrower's does, and the staff cookies and
   * CSRF check are bound to it (backoffice/origin.ts). Checked by loadConfig (parseBackofficeOrigin).
   */
  BACKOFFICE_ORIGIN: optionalText,

  /** A loan request still undisbursed (0, 1 or 5) more than this many days after it was made expires (7). */
  OFFER_EXPIRY_DAYS: z.coerce.number().int().positive().default(7),
  /**
   * A receipt validated for more than this many centavos waits as 'Por aprobar' until a second
   * person with `receipts.approve` confirms it (issue 31; default L 5,000.00).
   */
  RECEIPT_SECOND_APPROVAL_CENTS: z.coerce
    .number()
    .int()
    .positive()
    .default(RECEIPT_SECOND_APPROVAL_DEFAULT_CENTS),
  /**
   * When the staff answer the help chat, Tegucigalpa time: rules `<days> <HH:MM>-<HH:MM>` separated by
   * `;`, days 1 (Monday) to 7 (Sunday) as `1-5`, `1,3,5` or `6`.
   */
  CHAT_OFFICE_HOURS: z.string().default(DEFAULT_CHAT_OFFICE_HOURS),
  /** Quotas per borrower account (issue 32 point 5): see `quotas` in Config. */
  QUOTA_CHAT_IMAGES_PER_DAY: z.coerce.number().int().positive().default(20),
  QUOTA_DOCUMENT_UPLOADS_PER_DAY: z.coerce.number().int().positive().default(20),
  QUOTA_PENDING_RECEIPTS_PER_LOAN: z.coerce.number().int().positive().default(3),
});

/**
 * Outside production and on a loopback HOST only, the first admin when the settings are not given
 * (README, "Back-office").
 */
export const DEMO_ADMIN = { email: 'admin@prestamos.local', password: 'Admin123!' } as const;

/**
 * Outside production, the demo staff created beside the first admin (issue 31 point 7), so that one
 * newcomer can walk maker-checker alone: an analyst approves, a cashier disburses and validates, a
 * supervisor confirms what waits as 'Por aprobar' (README, "Back-office"). Their login codes go to the
 * dev outbox like the admin's. Never in production, never on a non-loopback HOST.
 */
export const DEMO_STAFF = [
  { email: 'analista@prestamos.local', name: 'Ana Analista', role: 'analyst' },
  { email: 'cajero@prestamos.local', name: 'Carlos Cajero', role: 'cashier' },
  { email: 'supervisor@prestamos.local', name: 'Sara Supervisora', role: 'supervisor' },
] as const;
export const DEMO_STAFF_PASSWORD = 'Equipo2026!';

export type Env = z.infer<typeof envSchema>;

/** The name of every setting the server reads (deploy/prestamos.env.example lists each one, a test checks). */
export const SETTING_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** HOST is a loopback address (isLoopbackHost): only this machine reaches the server. */
  loopbackHost: boolean;
  /** DEV_OUTBOX=1: the development outbox answers loopback clients (dev/outbox.ts). */
  devOutbox: boolean;
  /** Fastify's `trustProxy`: false, a hop count or the trusted proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** SHUTDOWN_GRACE_SECONDS in ms: in-flight requests and the jobs' current steps get this long. */
  shutdownGraceMs: number;
  /** SHUTDOWN_DRAIN_SECONDS in ms: served on, not ready, before the server closes. */
  shutdownDrainMs: number;
  /** METRICS_PORT: where `GET /metrics` answers (metrics.ts); undefined, no metrics at all. */
  metricsPort: number | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME: traces (telemetry.ts); no endpoint, none. */
  telemetry: { otlpEndpoint: string | undefined; serviceName: string };
  brandName: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** BACKUP_DIR: where `npm run backup` writes, one folder per backup. */
  backupDir: string;
  /** Fixed "now" for repeatable tests; never honoured in production. */
  fixedNow: Date | undefined;
  session: { idleMs: number; absoluteMs: number };
  census: { url?: string; apiKey?: string; fixtures: string[]; ratePerMinute: number };
  /** One-time codes sent to one phone, borrower or staff account per hour, whatever the channel. */
  oneTimeCodesPerHour: number;
  /** Registration codes one IP may ask for per hour. */
  registrationCodesPerIpPerHour: number;
  /**
   * Global hourly ceilings, every client together (services/ceilings.ts): what a botnet that
   * spreads over many addresses can cost us in registry lookups and SMS. Reaching one is logged and
   * raises a staff alert.
   */
  ceilings: { censusLookupsPerHour: number; registrationSmsPerHour: number };
  /**
   * Request limits, shared through the database (`services/rate-limits.ts`) so that every instance
   * on one PostgreSQL enforces one limit. Per client IP and route unless said otherwise.
   */
  rateLimits: {
    /** Every API route without a tighter limit (legacy calls, the chat's channel, health). */
    perMinute: number;
    /** Every staff route (`/api/backoffice/*`) without a tighter one (log-in, code). */
    staffPerMinute: number;
    /** The staff log-in (password step); the e-mailed code's step allows twice as many. */
    staffLoginPerMinute: number;
    /** The file routes (`/api/files/*`: signed documents, selfies, chat photos). */
    filesPerMinute: number;
    /** PostResetPassword.php and otp_upd.php (they check the current password). */
    accountChangesPerMinute: number;
    /** Current-password checks (password change, phone change) per account per hour. */
    passwordChecksPerHour: number;
    /** putProfile's bank-account checks (an outside call) per account per hour. */
    bankChecksPerHour: number;
  };
  sms: { url?: string; apiKey?: string };
  email: { smtpUrl?: string; from: string };
  bankAccountCheck: { url?: string; apiKey?: string; accountsFile?: string };
  paymentPartner: { url?: string; token?: string };
  geocoder: { url?: string };
  storage: {
    filesDir: string;
    s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  };
  uploads: {
    maxBytes: number;
    /** HMAC-SHA256 key of signed file URLs. */
    urlSecret: Buffer;
    /** True when FILE_URL_SECRET was not set (outside production): a random key for this process only. */
    urlSecretIsEphemeral: boolean;
  };
  borrowerDist: string;
  /**
   * The build of the borrower app's server render (apps/borrower/dist-server/server-render.js,
   * decision 024): the logged-in screen a page with a session asks for. Missing, the page starts the
   * app as without it. It imports its packages from node_modules, so it stays in apps/borrower.
   */
  borrowerServerRender: string;
  backofficeDist: string;
  versionFile: string;
  backoffice: {
    /**
     * Outside production on a loopback HOST, the settings or the demo admin (DEMO_ADMIN); otherwise
     * both settings, or undefined (no first admin, a warning).
     */
    firstAdmin: { email: string; password: string } | undefined;
    /** The demo analyst, cashier and supervisor (DEMO_STAFF) outside production on loopback only. */
    demoStaff: readonly { email: string; name: string; role: StaffRole; password: string }[];
    idleMs: number;
    absoluteMs: number;
    /** Cookies are Secure in production (and always with `origin`). */
    secureCookies: boolean;
    /**
     * BACKOFFICE_ORIGIN as `URL.origin` (`https://staff.prestamos.hn`), or undefined: one origin for
     * everything, as before the setting existed.
     */
    origin: string | undefined;
  };
  loans: {
    /** Requests in 0, 1 or 5 made more than this many days before the business date expire (status 7). */
    offerExpiryDays: number;
  };
  chat: { officeHours: OfficeHours };
  /**
   * What one borrower account may add (issue 32 point 5; a day is Tegucigalpa's): photos in the help
   * chat per day, documents uploaded per day (each file counts, replaced or not), and receipts of one
   * loan waiting for a cashier at once.
   */
  quotas: { chatImagesPerDay: number; documentUploadsPerDay: number; pendingReceiptsPerLoan: number };
  receipts: {
    /** A validation above this many centavos waits for a second person (`RECEIPT_SECOND_APPROVAL_CENTS`). */
    secondApprovalCents: number;
  };
}

export class ConfigError extends Error {}

/** TRUST_PROXY as Fastify takes it: off, a hop count, or a list of addresses and CIDR ranges. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|no|off|0)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^(true|yes|on)$/i.test(text)) {
    throw new ConfigError(
      "TRUST_PROXY=true would let any client choose its IP: give a hop count (1) or the proxies' addresses",
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0)
    throw new ConfigError(`TRUST_PROXY has what is not an address or range: ${bad.join(', ')}`);
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/**
 * BACKOFFICE_ORIGIN as an origin (`URL.origin`: lower case, no default port), or undefined when unset.
 * Only a scheme and a host (and a port): no path, query, fragment or user. `https`, except on a
 * loopback host (one machine, where browsers take `http://localhost` as secure). The server speaks
 * plain HTTP, so an `https` origin needs TRUST_PROXY: only a trusted proxy's X-Forwarded-Proto can say
 * a request came over TLS. It must differ from PUBLIC_URL's origin (the borrower's). Refused in one line.
 */
export function parseBackofficeOrigin(
  value: string | undefined,
  trustProxy: false | number | string[],
  publicUrl: string,
): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const refuse = (why: string): never => {
    throw new ConfigError(`BACKOFFICE_ORIGIN ${why}: ${text}`);
  };
  // A scheme, a host and maybe a port, nothing after but one `/`; then what URL makes of it.
  if (!/^https?:\/\/[^/?#@\s\\]+\/?$/i.test(text)) {
    refuse('is not an origin (https://host or https://host:port, no path)');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('is not an origin (https://host or https://host:port, no path)');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    refuse('must be https (http only on localhost or 127.0.0.1)');
  }
  if (url.protocol === 'https:' && trustProxy === false) {
    refuse(
      'is https but TRUST_PROXY is off: give TRUST_PROXY the TLS proxy that says so (X-Forwarded-Proto)',
    );
  }
  if (url.origin === new URL(publicUrl).origin)
    refuse("must differ from PUBLIC_URL's origin (the borrower's)");
  return url.origin;
}

/**
 * A loopback HOST: 127.0.0.0/8, ::1 or localhost (in brackets or not). Anything else, 0.0.0.0 and ::
 * included, and a host name, is taken as reachable from a network (fail closed).
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}

/** A client address on this machine: 127.0.0.0/8, ::1, or IPv4-mapped 127.x (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * What nothing reachable may run on (issue 15 point 2, issue 32 point 1): in production, or on a
 * non-loopback HOST whatever NODE_ENV says, the server refuses to start while a simulator of the
 * census, SMS, e-mail, bank-account check or payment partner would be used, while the first admin
 * would get the demo password, while document URLs would be signed with a random key, or while the
 * development outbox (live codes and links) would be served. Each entry names its setting.
 */
export function exposureGaps(e: Env): string[] {
  const gaps: string[] = [];
  if (!e.CENSUS_URL)
    gaps.push('CENSUS_URL (y CENSUS_API_KEY): el censo simulado no verifica identidades reales');
  if (!e.SMS_URL) gaps.push('SMS_URL (y SMS_API_KEY): los SMS simulados no llegan a ningún teléfono');
  if (!e.SMTP_URL) gaps.push('SMTP_URL: los correos simulados no llegan a nadie');
  if (!e.BANK_ACCOUNT_CHECK_URL) {
    gaps.push(
      'BANK_ACCOUNT_CHECK_URL (y BANK_ACCOUNT_CHECK_KEY): la verificación de cuentas simulada acepta cuentas inventadas',
    );
  }
  if (!e.PAYMENT_PARTNER_URL) {
    gaps.push(
      'PAYMENT_PARTNER_URL (y PAYMENT_PARTNER_TOKEN): los comprobantes no llegarían al socio de pagos',
    );
  }
  if (!e.FILE_URL_SECRET)
    gaps.push(
      'FILE_URL_SECRET (32 caracteres o más): las URL de documentos se firmarían con una clave al azar',
    );
  if (e.BACKOFFICE_ADMIN_PASSWORD === DEMO_ADMIN.password) {
    gaps.push('BACKOFFICE_ADMIN_PASSWORD: no puede ser la contraseña de demostración');
  }
  if (e.DEV_OUTBOX === '1') {
    gaps.push('DEV_OUTBOX=1: la bandeja de desarrollo mostraría códigos y enlaces vigentes');
  }
  return gaps;
}

/**
 * The one line the server prints when it refuses to start (server.ts exits 1 with it): where it
 * would listen, and every setting missing or unsafe, separated by `;`.
 */
function exposureRefusal(e: Env, gaps: string[]): string {
  const where =
    e.NODE_ENV === 'production'
      ? 'en producción (NODE_ENV=production)'
      : `con HOST=${e.HOST}, que no es loopback (127.0.0.1, ::1, localhost) y se alcanza desde la red`;
  return `No arranca ${where}; faltan o sobran estos ajustes: ${gaps.join('; ')}`;
}

/**
 * The first admin's password meets the staff rules (issue 32 point 3): as long as any staff password
 * and not in the list of common breached passwords. Anywhere, loopback included: the demo password is
 * used only when the setting is absent. The one line the server prints when it refuses, or undefined.
 */
export function weakAdminPassword(password: string | undefined): string | undefined {
  if (password === undefined) return undefined;
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    return `No arranca: BACKOFFICE_ADMIN_PASSWORD debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres`;
  }
  if (isCommonPassword(password)) {
    return 'No arranca: BACKOFFICE_ADMIN_PASSWORD es una contraseña común que aparece en filtraciones de datos; elige otra';
  }
  return undefined;
}

export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const loopbackHost = isLoopbackHost(e.HOST);
  // Demo accounts only where nobody else can reach them: outside production, on loopback.
  const demoAllowed = !isProduction && loopbackHost;
  const resolve = (p: string) => path.resolve(repoRoot, p);
  const dataDir = resolve(e.DATA_DIR);

  let fixedNow: Date | undefined;
  if (e.APP_NOW && !isProduction) {
    fixedNow = new Date(e.APP_NOW);
    if (Number.isNaN(fixedNow.getTime())) throw new ConfigError(`APP_NOW is not a date-time: ${e.APP_NOW}`);
  }

  const s3Parts = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Parts.some(Boolean) && !s3Parts.every(Boolean)) {
    throw new ConfigError(
      'S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  if (e.CENSUS_URL && !e.CENSUS_API_KEY) throw new ConfigError('CENSUS_URL needs CENSUS_API_KEY');
  if (isProduction || !loopbackHost) {
    const gaps = exposureGaps(e);
    if (gaps.length > 0) throw new ConfigError(exposureRefusal(e, gaps));
  }
  if (e.SHUTDOWN_DRAIN_SECONDS >= e.SHUTDOWN_GRACE_SECONDS) {
    throw new ConfigError(
      `SHUTDOWN_DRAIN_SECONDS (${e.SHUTDOWN_DRAIN_SECONDS}) must be less than SHUTDOWN_GRACE_SECONDS (${e.SHUTDOWN_GRACE_SECONDS}): the drain is part of the grace`,
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${e.PORT})`);
  }
  const weakAdmin = weakAdminPassword(e.BACKOFFICE_ADMIN_PASSWORD);
  if (weakAdmin) throw new ConfigError(weakAdmin);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const backofficeOrigin = parseBackofficeOrigin(e.BACKOFFICE_ORIGIN, trustProxy, publicUrl);
  const officeHours = parseOfficeHours(e.CHAT_OFFICE_HOURS);
  if (!officeHours) {
    throw new ConfigError(
      `CHAT_OFFICE_HOURS is not office hours (e.g. "1-5 08:00-18:00; 6 08:00-12:00"): ${e.CHAT_OFFICE_HOURS}`,
    );
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    loopbackHost,
    devOutbox: e.DEV_OUTBOX === '1',
    trustProxy,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    metricsPort: e.METRICS_PORT,
    telemetry: { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    brandName: e.BRAND_NAME,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    backupDir: resolve(e.BACKUP_DIR),
    fixedNow,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    census: {
      url: e.CENSUS_URL,
      apiKey: e.CENSUS_API_KEY,
      fixtures: [
        path.join(apiDataDir, 'census-demo.json'),
        ...(e.CENSUS_FIXTURES ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
          .map(resolve),
      ],
      ratePerMinute: e.CENSUS_RATE_LIMIT_PER_MINUTE,
    },
    oneTimeCodesPerHour: e.ONE_TIME_CODES_PER_HOUR,
    registrationCodesPerIpPerHour: e.REGISTRATION_CODES_PER_IP_PER_HOUR,
    ceilings: {
      censusLookupsPerHour: e.CEILING_CENSUS_LOOKUPS_PER_HOUR,
      registrationSmsPerHour: e.CEILING_REGISTRATION_SMS_PER_HOUR,
    },
    rateLimits: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      staffPerMinute: e.RATE_LIMIT_STAFF_PER_MINUTE,
      staffLoginPerMinute: e.RATE_LIMIT_STAFF_LOGIN_PER_MINUTE,
      filesPerMinute: e.RATE_LIMIT_FILES_PER_MINUTE,
      accountChangesPerMinute: e.RATE_LIMIT_ACCOUNT_CHANGES_PER_MINUTE,
      passwordChecksPerHour: e.RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR,
      bankChecksPerHour: e.RATE_LIMIT_BANK_CHECKS_PER_HOUR,
    },
    sms: { url: e.SMS_URL, apiKey: e.SMS_API_KEY },
    email: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `${e.BRAND_NAME} <no-responder@localhost>` },
    bankAccountCheck: {
      url: e.BANK_ACCOUNT_CHECK_URL,
      apiKey: e.BANK_ACCOUNT_CHECK_KEY,
      accountsFile: e.BANK_ACCOUNTS_FILE ? resolve(e.BANK_ACCOUNTS_FILE) : undefined,
    },
    paymentPartner: { url: e.PAYMENT_PARTNER_URL, token: e.PAYMENT_PARTNER_TOKEN },
    geocoder: { url: e.GEOCODER_URL },
    storage: {
      filesDir: e.FILES_DIR ? resolve(e.FILES_DIR) : path.join(dataDir, 'files'),
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    },
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      urlSecret: e.FILE_URL_SECRET ? Buffer.from(e.FILE_URL_SECRET, 'utf8') : randomBytes(32),
      urlSecretIsEphemeral: !e.FILE_URL_SECRET,
    },
    borrowerDist: e.BORROWER_DIST ? resolve(e.BORROWER_DIST) : path.join(repoRoot, 'apps/borrower/dist'),
    // Never inside the published folder; in apps/borrower, where its packages resolve.
    borrowerServerRender: e.BORROWER_SERVER_RENDER
      ? resolve(e.BORROWER_SERVER_RENDER)
      : path.join(repoRoot, 'apps/borrower/dist-server/server-render.js'),
    backofficeDist: e.BACKOFFICE_DIST
      ? resolve(e.BACKOFFICE_DIST)
      : path.join(repoRoot, 'apps/backoffice/dist'),
    versionFile: e.VERSION_FILE
      ? resolve(e.VERSION_FILE)
      : path.join(repoRoot, 'apps/borrower/dist/versionjs.txt'),
    backoffice: {
      firstAdmin: demoAllowed
        ? {
            email: e.BACKOFFICE_ADMIN_EMAIL ?? DEMO_ADMIN.email,
            password: e.BACKOFFICE_ADMIN_PASSWORD ?? DEMO_ADMIN.password,
          }
        : e.BACKOFFICE_ADMIN_EMAIL && e.BACKOFFICE_ADMIN_PASSWORD
          ? { email: e.BACKOFFICE_ADMIN_EMAIL, password: e.BACKOFFICE_ADMIN_PASSWORD }
          : undefined,
      demoStaff: demoAllowed ? DEMO_STAFF.map((s) => ({ ...s, password: DEMO_STAFF_PASSWORD })) : [],
      idleMs: e.BACKOFFICE_SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.BACKOFFICE_SESSION_ABSOLUTE_HOURS * 3_600_000,
      secureCookies: isProduction || backofficeOrigin !== undefined,
      origin: backofficeOrigin,
    },
    loans: { offerExpiryDays: e.OFFER_EXPIRY_DAYS },
    chat: { officeHours },
    quotas: {
      chatImagesPerDay: e.QUOTA_CHAT_IMAGES_PER_DAY,
      documentUploadsPerDay: e.QUOTA_DOCUMENT_UPLOADS_PER_DAY,
      pendingReceiptsPerLoan: e.QUOTA_PENDING_RECEIPTS_PER_LOAN,
    },
    receipts: { secondApprovalCents: e.RECEIPT_SECOND_APPROVAL_CENTS },
  };
}
