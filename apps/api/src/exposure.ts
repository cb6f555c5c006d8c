import { DEMO_ADMIN, type Config } from './config.ts';
import { listSimulatedIntegrations } from './integrations/index.ts';

/** What of the newcomer's conveniences this start has on (issue 32 point 1). */
export interface Exposure {
  host: string;
  loopbackHost: boolean;
  /** DEV_OUTBOX=1: /api/dev/outbox and its page answer loopback clients. */
  devOutbox: boolean;
  /** The demo accounts the start creates when missing (the demo admin, the demo staff). */
  demoAccounts: string[];
  /**
   * The integrations left on a simulator that makes results up (listSimulatedIntegrations, without
   * the offline gazetteer geocoder and the folder storage, which production may use).
   */
  simulators: string[];
  /** The settings whose key is random for this process only. */
  randomKeys: string[];
}

/** Local stand-ins that production may run on: they make nothing up. */
const PRODUCTION_WORTHY = new Set<string>(['geocoder', 'fileStorage']);

export function describeExposure(config: Config): Exposure {
  const admin = config.backoffice.firstAdmin;
  return {
    host: config.host,
    loopbackHost: config.loopbackHost,
    devOutbox: config.devOutbox,
    demoAccounts: [
      ...(admin && admin.password === DEMO_ADMIN.password ? [admin.email] : []),
      ...config.backoffice.demoStaff.map((s) => s.email),
    ],
    simulators: listSimulatedIntegrations(config).filter((name) => !PRODUCTION_WORTHY.has(name)),
    randomKeys: config.uploads.urlSecretIsEphemeral ? ['FILE_URL_SECRET'] : [],
  };
}

/**
 * The one start-up line that says what is on: the outbox, the demo accounts, the simulators and the
 * random keys, or that none is. A warning when any is on (it shows at LOG_LEVEL=warn too).
 */
export function exposureLine(exposure: Exposure): { level: 'warn' | 'info'; message: string } {
  const on: string[] = [];
  if (exposure.devOutbox) on.push('bandeja de desarrollo /api/dev/outbox.html (solo clientes loopback)');
  if (exposure.demoAccounts.length > 0)
    on.push(`cuentas de demostración ${exposure.demoAccounts.join(', ')}`);
  if (exposure.simulators.length > 0) on.push(`simuladores ${exposure.simulators.join(', ')}`);
  if (exposure.randomKeys.length > 0) on.push(`claves al azar ${exposure.randomKeys.join(', ')}`);
  const where = `HOST=${exposure.host}${exposure.loopbackHost ? ' (loopback)' : ''}`;
  return on.length > 0
    ? { level: 'warn', message: `${where}; activo solo para desarrollo: ${on.join('; ')}` }
    : {
        level: 'info',
        message: `${where}; sin bandeja de desarrollo, cuentas de demostración, simuladores ni claves al azar`,
      };
}
