import { can, type AuditAction } from '@prestamos-hn/domain';
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { actorNameOf, staffNamesOf } from '../audit.ts';
import { forbidden } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';

export interface AuditQuery {
  entity?: 'borrower' | 'staff';
  entityId?: string;
  actorType?: 'borrower' | 'staff' | 'system';
  actorId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** Every view of this borrower's data by staff (admins only). */
  viewsOfBorrower?: number;
  page: number;
  pageSize: number;
}

/**
 * The audited views of a borrower's data by staff (issue 32 point 6): their file (opened from the
 * register or inside a loan's file: both write 'borrower.view'), a document's bytes, a receipt's
 * photo, their chat conversation.
 */
export const BORROWER_VIEW_ACTIONS = [
  'borrower.view',
  'view_documents',
  'receipt.view',
  'chat.view',
] as const satisfies readonly AuditAction[];

/**
 * The views of one borrower's data: rows about the borrower (entity 'borrower') or naming them in
 * `after.borrowerId` (a receipt's photo is a 'receipt' row).
 */
function viewsOf(borrowerId: number): SQL | undefined {
  return and(
    eq(auditLog.actorType, 'staff'),
    inArray(auditLog.action, [...BORROWER_VIEW_ACTIONS]),
    or(
      and(eq(auditLog.entity, 'borrower'), eq(auditLog.entityId, String(borrowerId))),
      sql`${auditLog.after} ->> 'borrowerId' = ${String(borrowerId)}`,
    ),
  );
}

/**
 * The audit list, newest first, with filters. Admins see everything; a role with only
 * `borrowers.audit` (analysts) sees the rows about borrowers (asking for staff rows is refused).
 * Every view of one borrower's data (`viewsOfBorrower`) is for admins only.
 */
export async function listAudit(deps: Pick<Deps, 'db'>, staff: StaffMember, query: AuditQuery) {
  const all = can(staff.role, 'audit.all');
  if (!all && query.entity && query.entity !== 'borrower') throw forbidden();
  if (!all && query.viewsOfBorrower !== undefined) throw forbidden();
  const conditions: (SQL | undefined)[] = [
    query.viewsOfBorrower === undefined ? undefined : viewsOf(query.viewsOfBorrower),
    all ? (query.entity ? eq(auditLog.entity, query.entity) : undefined) : eq(auditLog.entity, 'borrower'),
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.actorType ? eq(auditLog.actorType, query.actorType) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, query.from) : undefined,
    query.to ? lt(auditLog.at, query.to) : undefined,
  ];
  const where = and(...conditions);
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await deps.db.select({ n: count() }).from(auditLog).where(where);
  const names = await staffNamesOf(deps.db, rows);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorType: r.actorType,
      actorId: r.actorId,
      actorName: actorNameOf(names, r),
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
