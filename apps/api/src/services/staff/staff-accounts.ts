import type { StaffRole } from '@prestamos-hn/domain';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { hashPassword } from '../shared/passwords.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { conflict, notFound, staffMessages } from './errors.ts';
import { endAllStaffSessions, type StaffMember } from './staff-sessions.ts';

export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
}

type StaffRow = typeof staffAccounts.$inferSelect;

const toView = (row: StaffRow): StaffView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** What an audit row keeps of an account: never the password hash. */
const auditable = (row: StaffRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabledAt !== null,
});

/** Serialises changes that could leave no active admin (two admins demoting each other at once). */
async function lockAdmins(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff:admins'))`);
}

async function countActiveAdmins(tx: DbOrTx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt)));
  return row?.n ?? 0;
}

/**
 * At start: when no admin exists (active or not) and the settings give one, creates it with an
 * argon2id password. Production without both settings creates none and says so in the log.
 */
export async function ensureFirstAdmin(deps: Deps): Promise<'created' | 'exists' | 'not_configured'> {
  const [existing] = await deps.db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.role, 'admin'))
    .limit(1);
  if (existing) return 'exists';
  const first = deps.config.backoffice.firstAdmin;
  if (!first) {
    deps.log.warn(
      {},
      'BACKOFFICE_ADMIN_EMAIL and BACKOFFICE_ADMIN_PASSWORD are not set: no back-office admin was created',
    );
    return 'not_configured';
  }
  const passwordHash = await hashPassword(first.password);
  const created = await deps.db.transaction(async (tx) => {
    await lockAdmins(tx);
    if ((await countAllAdmins(tx)) > 0) return false;
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        email: first.email.trim().toLowerCase(),
        name: 'Administrador',
        role: 'admin',
        passwordHash,
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return false;
    await writeAudit(deps, tx, {
      actor: { type: 'system' },
      action: 'staff.create',
      entity: 'staff',
      entityId: row.id,
      after: auditable(row),
    });
    return true;
  });
  if (created) deps.log.info({ email: first.email }, 'first back-office admin created');
  return created ? 'created' : 'exists';
}

async function countAllAdmins(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(staffAccounts).where(eq(staffAccounts.role, 'admin'));
  return row?.n ?? 0;
}

export async function listStaff(deps: Pick<Deps, 'db'>): Promise<StaffView[]> {
  const rows = await deps.db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
  return rows.map(toView);
}

/** An admin creates a staff account with an initial password (argon2id); audited. */
export async function createStaff(
  deps: Deps,
  actor: StaffMember,
  input: { email: string; name: string; role: StaffRole; password: string },
): Promise<StaffView> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx
        .insert(staffAccounts)
        .values({
          email: input.email.trim().toLowerCase(),
          name: input.name.trim(),
          role: input.role,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: actor.id },
        action: 'staff.create',
        entity: 'staff',
        entityId: row!.id,
        after: auditable(row!),
      });
      return toView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(staffMessages.emailTaken);
    throw error;
  }
}

/**
 * An admin changes a staff member's name or role, or disables / enables the account. Disabling
 * ends every open session of that person in the same transaction. No change may leave the
 * back-office without an active admin, and an admin cannot disable or demote themself.
 */
export async function updateStaff(
  deps: Deps,
  actor: StaffMember,
  staffId: number,
  input: { name?: string; role?: StaffRole; disabled?: boolean },
): Promise<StaffView> {
  if (staffId === actor.id && (input.disabled === true || (input.role && input.role !== 'admin'))) {
    throw conflict(staffMessages.notYourself);
  }
  return deps.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const [before] = await tx
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
      .limit(1)
      .for('update');
    if (!before) throw notFound(staffMessages.staffNotFound);
    const now = deps.clock.now();
    const disabledAt =
      input.disabled === undefined ? before.disabledAt : input.disabled ? (before.disabledAt ?? now) : null;
    const [after] = await tx
      .update(staffAccounts)
      .set({
        name: input.name?.trim() ?? before.name,
        role: input.role ?? before.role,
        disabledAt,
        updatedAt: now,
      })
      .where(eq(staffAccounts.id, staffId))
      .returning();
    if ((await countActiveAdmins(tx)) === 0) throw conflict(staffMessages.lastAdmin);
    const endedSessions =
      after!.disabledAt && !before.disabledAt ? await endAllStaffSessions(deps, tx, staffId, 'disabled') : 0;
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: actor.id },
      action: input.disabled === true && !before.disabledAt ? 'staff.disable' : 'staff.update',
      entity: 'staff',
      entityId: staffId,
      before: auditable(before),
      after: { ...auditable(after!), ...(endedSessions ? { endedSessions } : {}) },
    });
    return toView(after!);
  });
}
