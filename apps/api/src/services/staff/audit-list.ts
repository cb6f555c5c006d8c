import { can } from '@prestamos-hn/domain';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
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
  page: number;
  pageSize: number;
}

/**
 * The audit list, newest first, with filters. Admins see everything; a role with only
 * `borrowers.audit` (analysts) sees the rows about borrowers (asking for staff rows is refused).
 */
export async function listAudit(deps: Pick<Deps, 'db'>, staff: StaffMember, query: AuditQuery) {
  const all = can(staff.role, 'audit.all');
  if (!all && query.entity && query.entity !== 'borrower') throw forbidden();
  const conditions: (SQL | undefined)[] = [
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
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actorType: r.actorType,
      actorId: r.actorId,
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
