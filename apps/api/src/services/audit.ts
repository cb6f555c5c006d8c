import type { AuditAction } from '@prestamos-hn/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { auditLog, staffAccounts } from '../db/schema/index.ts';
import type { Deps } from './deps.ts';

export interface AuditEntry {
  actor: { type: 'borrower' | 'system' | 'staff'; id?: number | string };
  action: AuditAction;
  /**
   * 'staff' rows record staff account changes and logins (back-office); 'loan' rows a loan's life;
   * 'product', 'purpose' and 'template' rows the admins' changes to what borrowers are offered;
   * 'receipt' rows a payment receipt's life (money applied to a loan is a 'loan' row); 'servicing'
   * rows a daily run (entity id: its business date); 'holiday' rows the admins' changes to the
   * holiday calendar (entity id: the date); 'staff_alert' rows an alert the system raised for staff;
   * 'bank_statement' rows a statement's import and each line confirmed against a receipt (entity id:
   * the statement's), 'bank_statement_layout' a bank's saved layout (entity id: the bank's code);
   * 'collection_account' rows the admins' changes to where borrowers deposit (entity id: its id);
   * 'export' rows a staff member's CSV export (entity id: the report, writeExportAudit).
   */
  entity:
    | 'borrower'
    | 'staff'
    | 'loan'
    | 'product'
    | 'purpose'
    | 'template'
    | 'receipt'
    | 'servicing'
    | 'holiday'
    | 'staff_alert'
    | 'bank_statement'
    | 'bank_statement_layout'
    | 'collection_account'
    | 'export';
  entityId: number | string;
  /** What changed, never a secret (no password, hash, code or token). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one audit row; pass the transaction of the change it describes. */
export async function writeAudit(deps: Pick<Deps, 'clock'>, db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: entry.actor.type,
    actorId: entry.actor.id === undefined ? null : String(entry.actor.id),
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: deps.clock.now(),
  });
}

/** A borrower's own change to their account: the borrower is who acted and what changed. */
export function writeBorrowerAudit(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  borrowerId: number,
  entry: Pick<AuditEntry, 'action' | 'before' | 'after'>,
): Promise<void> {
  return writeAudit(deps, db, {
    actor: { type: 'borrower', id: borrowerId },
    action: entry.action,
    entity: 'borrower',
    entityId: borrowerId,
    before: entry.before,
    after: entry.after,
  });
}

/** The staff API's CSV exports, each audited as `export.<report>`. */
export type ExportReport = 'collections' | 'portfolio' | 'journal';

/**
 * One audit row per CSV export (issue 32 point 6): who took the data out, which report (and which
 * of its tables, `part`), with which filters (as the export applied them) and how many data rows
 * the file holds (its header line left out).
 */
export function writeExportAudit(
  deps: Pick<Deps, 'clock' | 'db'>,
  staff: { id: number },
  report: ExportReport,
  file: { part?: string; filters: Record<string, unknown>; rows: number },
): Promise<void> {
  return writeAudit(deps, deps.db, {
    actor: { type: 'staff', id: staff.id },
    action: `export.${report}`,
    entity: 'export',
    entityId: file.part === undefined ? report : `${report}.${file.part}`,
    after: {
      ...(file.part === undefined ? {} : { part: file.part }),
      filters: file.filters,
      rows: file.rows,
    },
  });
}

/**
 * The names of the staff members who did `rows` (audit rows), by id as the rows hold it: who changed
 * what reads 'Ana Martínez', not 'Personal #3' (issue 35 point 13).
 */
export async function staffNamesOf(
  db: DbOrTx,
  rows: readonly { actorType: string; actorId: string | null }[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      rows
        .filter((r) => r.actorType === 'staff' && r.actorId && /^\d+$/.test(r.actorId))
        .map((r) => Number(r.actorId)),
    ),
  ];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, ids));
  return new Map(found.map((f) => [String(f.id), f.name]));
}

/** A row's staff member's name (null for a borrower, the system, or a staff id not found). */
export function actorNameOf(
  names: Map<string, string>,
  row: { actorType: string; actorId: string | null },
): string | null {
  return row.actorType === 'staff' && row.actorId ? (names.get(row.actorId) ?? null) : null;
}

/** An entity's audit trail as staff read it in a loan or borrower file: newest first, at most `limit` rows when given. */
export async function readAuditTrail(
  db: DbOrTx,
  entity: AuditEntry['entity'],
  entityId: number | string,
  limit?: number,
) {
  const query = db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  const names = await staffNamesOf(db, rows);
  return rows.map((a) => ({
    id: a.id,
    at: a.at.toISOString(),
    actorType: a.actorType,
    actorId: a.actorId,
    actorName: actorNameOf(names, a),
    action: a.action,
    before: a.before,
    after: a.after,
  }));
}
