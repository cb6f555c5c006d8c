import { statementLayoutProblems, type BankStatementLayout } from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankStatementLayouts, banks, staffAccounts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { reconciliationTexts } from './messages.ts';

/**
 * Each bank's statement layout (issue 31 point 5): which columns of its CSV hold the date, the
 * reference, the amount (or the credit and the debit) and the description, and how it writes dates
 * and amounts. Shipped for BAC Credomatic, Banco Atlántida and Banco Ficohsa (migration 0018); a
 * cashier or supervisor saves another bank's, or corrects one when the bank changes its export.
 */

type LayoutRow = typeof bankStatementLayouts.$inferSelect;

const toLayout = (row: LayoutRow): BankStatementLayout => ({
  delimiter: row.delimiter,
  skipRows: row.skipRows,
  dateColumn: row.dateColumn,
  referenceColumn: row.referenceColumn,
  descriptionColumn: row.descriptionColumn,
  amountMode: row.amountMode,
  amountColumn: row.amountColumn,
  creditColumn: row.creditColumn,
  debitColumn: row.debitColumn,
  dateFormat: row.dateFormat,
  decimalSeparator: row.decimalSeparator,
  thousandsSeparator: row.thousandsSeparator,
});

function selectLayouts(db: DbOrTx) {
  return db
    .select({ layout: bankStatementLayouts, bankName: banks.name, updatedBy: staffAccounts.name })
    .from(bankStatementLayouts)
    .innerJoin(banks, eq(banks.code, bankStatementLayouts.bankCode))
    .leftJoin(staffAccounts, eq(staffAccounts.id, bankStatementLayouts.updatedByStaffId));
}

const toItem = (row: Awaited<ReturnType<typeof selectLayouts>>[number]) => ({
  bankCode: row.layout.bankCode,
  bankName: row.bankName,
  ...toLayout(row.layout),
  updatedAt: row.layout.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

/** The saved layouts, by bank code, and the banks (not mobile wallets) a layout can be saved for. */
export async function listStatementLayouts(deps: Pick<Deps, 'db'>) {
  const rows = await selectLayouts(deps.db).orderBy(asc(bankStatementLayouts.bankCode));
  const bankRows = await deps.db
    .select({ code: banks.code, name: banks.name })
    .from(banks)
    .where(eq(banks.isMobileWallet, false))
    .orderBy(asc(banks.code));
  return { items: rows.map(toItem), banks: bankRows };
}

/** A bank's layout, or null when none is saved. */
export async function findStatementLayout(db: DbOrTx, bankCode: number): Promise<BankStatementLayout | null> {
  const [row] = await db
    .select()
    .from(bankStatementLayouts)
    .where(eq(bankStatementLayouts.bankCode, bankCode))
    .limit(1);
  return row ? toLayout(row) : null;
}

/**
 * Saves a bank's layout (new, or replacing the one it had), with an audit row holding the layout
 * before and after. The domain's `statementLayoutProblems` decides what can be saved (the first
 * problem is refused, naming its field); the columns a mode does not use are stored empty.
 */
export async function saveStatementLayout(
  deps: Deps,
  staff: StaffMember,
  bankCode: number,
  input: BankStatementLayout,
) {
  const layout: BankStatementLayout = {
    ...input,
    amountColumn: input.amountMode === 'signed' ? input.amountColumn : null,
    creditColumn: input.amountMode === 'split' ? input.creditColumn : null,
    debitColumn: input.amountMode === 'split' ? input.debitColumn : null,
  };
  const [problem] = statementLayoutProblems(layout);
  if (problem) throw new UserError(problem.message, { field: problem.field });
  const [bank] = await deps.db.select().from(banks).where(eq(banks.code, bankCode)).limit(1);
  if (!bank || bank.isMobileWallet) throw notFound(reconciliationTexts.bankNotFound);

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const before = await findStatementLayout(tx, bankCode);
    await tx
      .insert(bankStatementLayouts)
      .values({ bankCode, ...layout, updatedByStaffId: staff.id, updatedAt: now })
      .onConflictDoUpdate({
        target: bankStatementLayouts.bankCode,
        set: { ...layout, updatedByStaffId: staff.id, updatedAt: now },
      });
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'bank_statement_layout.save',
      entity: 'bank_statement_layout',
      entityId: bankCode,
      before: before ? { ...before } : null,
      after: { ...layout },
    });
    const [row] = await selectLayouts(tx).where(eq(bankStatementLayouts.bankCode, bankCode));
    return { layout: toItem(row!) };
  });
}
