/**
 * Global hourly ceilings (issue 32 point 2): how many census lookups and registration SMS all
 * clients together may cause in an hour. Per-IP limits do not stop a botnet spread over thousands
 * of addresses from testing identity numbers against the registry or pumping SMS to premium
 * numbers at our cost; a ceiling bounds what that costs, whatever the addresses. Reaching one logs
 * a warning and raises a staff alert (once per day and kind; the admins get an e-mail); until the
 * hour's window ends, calls are refused with a Spanish message that says when to try again.
 */
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import type { StaffAlertKind } from '../db/schema/index.ts';
import type { Deps } from './deps.ts';
import { hitRateLimit, minutesLeft, readRateLimit } from './rate-limits.ts';
import { raiseStaffAlert } from './staff-alerts.ts';
import { minutesText } from './shared/dates.ts';

export type CeilingKind = 'censusLookups' | 'registrationSms';

const HOUR_MS = 60 * 60 * 1000;

const ceilingOf: Readonly<
  Record<
    CeilingKind,
    {
      setting: string;
      max: (config: Deps['config']) => number;
      alert: StaffAlertKind;
      what: string;
    }
  >
> = {
  censusLookups: {
    setting: 'CEILING_CENSUS_LOOKUPS_PER_HOUR',
    max: (config) => config.ceilings.censusLookupsPerHour,
    alert: 'census_ceiling',
    what: 'consultas al censo',
  },
  registrationSms: {
    setting: 'CEILING_REGISTRATION_SMS_PER_HOUR',
    max: (config) => config.ceilings.registrationSmsPerHour,
    alert: 'registration_sms_ceiling',
    what: 'SMS de registro',
  },
};

/** The refusal a borrower reads when a ceiling is reached: when to try again, in minutes. */
export const ceilingMessages: Readonly<Record<CeilingKind, (minutes: number) => string>> = {
  censusLookups: (minutes) =>
    `Estamos recibiendo muchas consultas de identidad en este momento. Intenta de nuevo en ${minutesText(minutes)}.`,
  registrationSms: (minutes) =>
    `Estamos enviando muchos códigos en este momento. Intenta de nuevo en ${minutesText(minutes)}.`,
};

/**
 * Whether `kind` is still under its hourly ceiling (a fixed window shared by every instance through
 * `rate_limit_counters`; reading it counts nothing). `{ ok: false, minutes }` once the window holds
 * the ceiling's count, until it ends. Only what went through is counted (`countCeiling`, after the
 * work), so refusals, a per-IP limit's included, never use the ceiling up for others.
 */
export async function checkCeiling(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  kind: CeilingKind,
): Promise<{ ok: true } | { ok: false; minutes: number }> {
  const window = await readRateLimit(deps, keyOf(kind));
  if (!window || window.hits < ceilingOf[kind].max(deps.config)) return { ok: true };
  const minutes = minutesLeft(deps, window.resetsAt);
  return { ok: false, minutes };
}

/**
 * Counts one use of `kind` that went through (a lookup made, an SMS queued). The use that reaches
 * the ceiling logs a warning naming the setting and raises the day's staff alert; the next ones are
 * refused by `checkCeiling` until the window ends. Instances checking at the same moment may let a
 * handful past the ceiling; it bounds a cost, it is not a quota.
 */
export async function countCeiling(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'jobs'>,
  kind: CeilingKind,
): Promise<void> {
  const ceiling = ceilingOf[kind];
  const max = ceiling.max(deps.config);
  const { hits, resetsAt } = await hitRateLimit(deps, keyOf(kind), HOUR_MS);
  if (hits !== max) return;
  const minutes = minutesLeft(deps, resetsAt);
  deps.log.warn(
    { ceiling: kind, max, setting: ceiling.setting, resetsAt: resetsAt.toISOString() },
    `hourly ceiling reached: ${ceiling.setting}=${max}; refusing until the hour's window ends`,
  );
  await raiseStaffAlert(deps, {
    businessDate: todayInTegucigalpa(deps.clock.now()),
    kind: ceiling.alert,
    message: `Se alcanzó el máximo de ${max} ${ceiling.what} por hora (${ceiling.setting}); se rechazan durante ${minutes} minutos más.`,
    details: { max, setting: ceiling.setting, resetsAt: resetsAt.toISOString() },
  });
}

const keyOf = (kind: CeilingKind) => `ceiling:${kind}`;
