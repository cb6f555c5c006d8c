/**
 * Staff alerts: something the system found that a person must look at (the daily run's check of the
 * books, decision 015). Each is recorded once per business date and kind, shown on the back-office
 * dashboard to the roles that read the books, and e-mailed to every active admin when raised.
 */
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { addDays, todayInTegucigalpa } from '@prestamos-hn/domain';
import { staffAccounts, staffAlerts, type StaffAlertKind } from '../db/schema/index.ts';
import { writeAudit } from './audit.ts';
import type { Deps } from './deps.ts';
import { enqueueMessage } from './outbox.ts';

export interface StaffAlertInput {
  businessDate: string;
  kind: StaffAlertKind;
  /** What is wrong, in Spanish, with the figures. */
  message: string;
  details: Record<string, unknown>;
}

/** The subject of an alert's e-mail. */
export const STAFF_ALERT_KIND_LABELS: Readonly<Record<StaffAlertKind, string>> = {
  books_unbalanced: 'La contabilidad no cuadra',
  books_portfolio: 'La cartera contable no coincide con el capital pendiente',
  books_wallets: 'Los depósitos de clientes no coinciden con la contabilidad',
  census_ceiling: 'Se alcanzó el máximo de consultas al censo por hora',
  registration_sms_ceiling: 'Se alcanzó el máximo de SMS de registro por hora',
};

/** Where the alert's e-mail sends the admins to look. */
const STAFF_ALERT_KIND_HINTS: Readonly<Record<StaffAlertKind, string>> = {
  books_unbalanced: 'Revisa «Contabilidad» en el back-office.',
  books_portfolio: 'Revisa «Contabilidad» en el back-office.',
  books_wallets: 'Revisa «Contabilidad» en el back-office.',
  census_ceiling:
    'Puede ser un ataque que prueba números de identidad o un pico real de registros: revisa los registros del servidor y, si es legítimo, sube CEILING_CENSUS_LOOKUPS_PER_HOUR.',
  registration_sms_ceiling:
    'Puede ser un ataque que gasta SMS o un pico real de registros: revisa los registros del servidor y, si es legítimo, sube CEILING_REGISTRATION_SMS_PER_HOUR.',
};

/**
 * Records an alert for its date and kind, once: in one transaction, the row (a second raise of the
 * same date and kind changes nothing), an audit row (actor system) and an e-mail to every active
 * admin. Returns true when this call raised it.
 */
export async function raiseStaffAlert(deps: Pick<Deps, 'db' | 'clock' | 'jobs'>, alert: StaffAlertInput) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [row] = await tx
      .insert(staffAlerts)
      .values({ ...alert, createdAt: now })
      .onConflictDoNothing({ target: [staffAlerts.businessDate, staffAlerts.kind] })
      .returning({ id: staffAlerts.id });
    if (!row) return false;
    await writeAudit(deps, tx, {
      actor: { type: 'system' },
      action: 'staff_alert.raise',
      entity: 'staff_alert',
      entityId: row.id,
      after: { ...alert },
    });
    const admins = await tx
      .select({ email: staffAccounts.email })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt)));
    for (const { email } of admins) {
      await enqueueMessage(deps, tx, {
        channel: 'email',
        to: email,
        subject: `Alerta del ${alert.businessDate}: ${STAFF_ALERT_KIND_LABELS[alert.kind]}`,
        body: `${alert.message}\n\n${STAFF_ALERT_KIND_HINTS[alert.kind]} Esta alerta se registra una vez por día.`,
      });
    }
    return true;
  });
}

/** How far back the dashboard shows alerts. */
export const STAFF_ALERT_DAYS = 30;

/** The alerts of the last 30 days (by business date, Tegucigalpa), newest first, at most 20. */
export async function listStaffAlerts(deps: Pick<Deps, 'db' | 'clock'>) {
  const today = todayInTegucigalpa(deps.clock.now());
  const rows = await deps.db
    .select()
    .from(staffAlerts)
    .where(gte(staffAlerts.businessDate, addDays(today, -STAFF_ALERT_DAYS)))
    .orderBy(desc(staffAlerts.businessDate), desc(staffAlerts.id))
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    businessDate: r.businessDate,
    kind: r.kind,
    title: STAFF_ALERT_KIND_LABELS[r.kind],
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}
