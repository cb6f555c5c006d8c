import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@prestamos-hn/domain';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { DEMO_ADMIN, DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffSessions } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { limitStaffPasswordChecks } from '../rate-limits.ts';
import { refuseCommonPassword } from '../shared/common-passwords.ts';
import { hashPassword, verifyPassword } from '../shared/passwords.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { conflict, notFound, staffMessages } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { sendStaffPasswordLink } from './password-links.ts';
import { endAllStaffSessions, type StaffSession } from './staff-sessions.ts';

export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

type StaffRow = typeof staffAccounts.$inferSelect;

const toView = (row: StaffRow): StaffView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as StaffRole,
  disabled: row.disabledAt !== null,
  mustChangePassword: row.passwordChangeRequiredAt !== null,
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

/** The staff account, locked until the transaction ends; a missing one is refused. */
async function lockStaffAccount(tx: DbOrTx, staffId: number) {
  const [account] = await tx
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1)
    .for('update');
  if (!account) throw notFound(staffMessages.staffNotFound);
  return account;
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

/**
 * At start, outside production: the demo analyst, cashier and supervisor of `config.backoffice.demoStaff`
 * (issue 31 point 7), each created once with an argon2id password and audited; an e-mail already taken
 * (the account exists, or someone made one with that address) is left as it is. Returns how many were
 * created.
 */
export async function ensureDemoStaff(deps: Deps): Promise<number> {
  let created = 0;
  for (const demo of deps.config.backoffice.demoStaff) {
    const email = demo.email.toLowerCase();
    const [existing] = await deps.db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(sql`lower(${staffAccounts.email}) = ${email}`)
      .limit(1);
    if (existing) continue;
    const passwordHash = await hashPassword(demo.password);
    const made = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx
        .insert(staffAccounts)
        .values({ email, name: demo.name, role: demo.role, passwordHash, createdAt: now, updatedAt: now })
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
    if (made) created += 1;
  }
  if (created > 0) deps.log.info({ created }, 'demo back-office staff created (not in production)');
  return created;
}

/**
 * The demo accounts (DEMO_ADMIN, DEMO_STAFF) that are active and still open with their published
 * password, by e-mail. The server on a non-loopback HOST refuses to start while any is (server.ts):
 * a database first run on a laptop (`npm start` made them) and then exposed would otherwise let
 * anyone in as admin@prestamos.local / Admin123!.
 */
export async function demoAccountsStillOpen(deps: Pick<Deps, 'db'>): Promise<string[]> {
  const demo = [
    { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password as string },
    ...DEMO_STAFF.map((s) => ({ email: s.email, password: DEMO_STAFF_PASSWORD })),
  ];
  const open: string[] = [];
  for (const { email, password } of demo) {
    const [row] = await deps.db
      .select({ passwordHash: staffAccounts.passwordHash })
      .from(staffAccounts)
      .where(and(sql`lower(${staffAccounts.email}) = ${email}`, isNull(staffAccounts.disabledAt)))
      .limit(1);
    if (row && (await verifyPassword(row.passwordHash, password))) open.push(email);
  }
  return open;
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
  refuseCommonPassword(input.password, 'password');
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
    const before = await lockStaffAccount(tx, staffId);
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

/**
 * A staff member changes their own password: the current one must match, the new one is not a
 * common breached password. Every other session of theirs ends (this one stays), a forced reset is
 * cleared, and the change is an audit row, in one transaction.
 */
export async function changeOwnStaffPassword(
  deps: Deps,
  session: StaffSession,
  input: { currentPassword: string; newPassword: string },
): Promise<{ endedSessions: number; staff: StaffMember }> {
  await limitStaffPasswordChecks(deps, session.staff.id);
  const [row] = await deps.db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, session.staff.id))
    .limit(1);
  if (!(await verifyPassword(row?.passwordHash, input.currentPassword))) {
    throw new UserError(staffMessages.currentPasswordWrong, { field: 'currentPassword' });
  }
  refuseCommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(staffAccounts)
      .set({ passwordHash, passwordChangeRequiredAt: null, updatedAt: now })
      .where(eq(staffAccounts.id, session.staff.id));
    const ended = await tx
      .update(staffSessions)
      .set({ endedAt: now, endReason: 'password_change' })
      .where(
        and(
          eq(staffSessions.staffId, session.staff.id),
          ne(staffSessions.id, session.id),
          isNull(staffSessions.endedAt),
        ),
      )
      .returning({ id: staffSessions.id });
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: session.staff.id },
      action: 'staff.password_change',
      entity: 'staff',
      entityId: session.staff.id,
      before: { mustChangePassword: session.staff.mustChangePassword },
      after: { mustChangePassword: false, endedSessions: ended.length },
    });
    return { endedSessions: ended.length, staff: { ...session.staff, mustChangePassword: false } };
  });
}

/**
 * An admin forces another staff member to set a new password: that person's sessions end now, the
 * old password stops working, and an e-mailed link (password-links.ts, 24 hours) sets the new one.
 * Audited.
 */
export async function forceStaffPasswordReset(
  deps: Deps,
  actor: StaffMember,
  staffId: number,
): Promise<StaffView> {
  if (staffId === actor.id) throw conflict(staffMessages.resetYourself);
  // The old password stops working (issue 32 point 3): a hash of 256 random bits nobody keeps.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  return deps.db.transaction(async (tx) => {
    const before = await lockStaffAccount(tx, staffId);
    const now = deps.clock.now();
    const [after] = await tx
      .update(staffAccounts)
      .set({
        passwordHash: unusable,
        passwordChangeRequiredAt: before.passwordChangeRequiredAt ?? now,
        updatedAt: now,
      })
      .where(eq(staffAccounts.id, staffId))
      .returning();
    const endedSessions = await endAllStaffSessions(deps, tx, staffId, 'password_reset');
    if (!after!.disabledAt) await sendStaffPasswordLink(deps, tx, after!, 'reset');
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: actor.id },
      action: 'staff.password_reset',
      entity: 'staff',
      entityId: staffId,
      before: { mustChangePassword: before.passwordChangeRequiredAt !== null },
      after: {
        mustChangePassword: true,
        endedSessions,
        oldPasswordUsable: false,
        linkSent: !after!.disabledAt,
      },
    });
    return toView(after!);
  });
}
