import {
  collectionAccountMessages,
  createCollectionAccountBody,
  updateCollectionAccountBody,
  type CollectionAccountItem,
  type CollectionAccountWire,
} from '@prestamos-hn/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { banks, collectionAccounts } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import { writeAudit } from './audit.ts';
import type { Deps } from './deps.ts';
import { conflict, notFound } from './shared/refusals.ts';
import type { StaffMember } from './shared/staff-member.ts';
import { isUniqueViolation } from './shared/unique-violation.ts';
import { parseOrRefuse } from './shared/validation.ts';

/**
 * The lender's collection accounts (issue 35, point 1): where borrowers deposit their instalments.
 * Admins keep them in the back-office ('Cuentas de cobro'), each change audited; the active ones,
 * in their order, are what /plan lists under 'Plan de pagos' (getCollectionAccounts.php), what the
 * disbursement SMS names and what the contract's `{{cuentas_de_pago}}` renders. The reference a
 * borrower writes on the deposit is the loan's number (its `container_id`).
 */

export const collectionAccountServiceMessages = {
  exists: 'Ya hay una cuenta de cobro con ese número en ese banco.',
} as const;

/** What an active account shows a borrower: the bank's name, the number and the holder. */
export interface PayableAccount {
  bankCode: number;
  bankName: string;
  accountNumber: string;
  holderName: string;
}

const columns = {
  id: collectionAccounts.id,
  bankCode: collectionAccounts.bankCode,
  bankName: banks.name,
  accountNumber: collectionAccounts.accountNumber,
  holderName: collectionAccounts.holderName,
  active: collectionAccounts.active,
  sortOrder: collectionAccounts.sortOrder,
  createdAt: collectionAccounts.createdAt,
  updatedAt: collectionAccounts.updatedAt,
};
const ordered = [asc(collectionAccounts.sortOrder), asc(collectionAccounts.id)];

type Row = Omit<CollectionAccountItem, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toItem = (row: Row): CollectionAccountItem => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** What an audit row keeps of an account. */
const audited = (row: Row) => ({
  bankCode: row.bankCode,
  accountNumber: row.accountNumber,
  holderName: row.holderName,
  active: row.active,
  sortOrder: row.sortOrder,
});

async function findAccount(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select(columns)
    .from(collectionAccounts)
    .innerJoin(banks, eq(banks.code, collectionAccounts.bankCode))
    .where(eq(collectionAccounts.id, id))
    .limit(1);
  return row;
}

/** Every account, active or not, in the order borrowers see them, and the banks to pick from. Any staff member. */
export async function listCollectionAccounts(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select(columns)
    .from(collectionAccounts)
    .innerJoin(banks, eq(banks.code, collectionAccounts.bankCode))
    .orderBy(...ordered);
  const bankList = await deps.db
    .select({ code: banks.code, name: banks.name })
    .from(banks)
    .orderBy(asc(banks.code));
  return { items: rows.map(toItem), banks: bankList };
}

/** The active accounts, in order: what borrowers are told to deposit into. */
export async function activeCollectionAccounts(db: DbOrTx): Promise<PayableAccount[]> {
  return db
    .select({
      bankCode: collectionAccounts.bankCode,
      bankName: banks.name,
      accountNumber: collectionAccounts.accountNumber,
      holderName: collectionAccounts.holderName,
    })
    .from(collectionAccounts)
    .innerJoin(banks, eq(banks.code, collectionAccounts.bankCode))
    .where(eq(collectionAccounts.active, true))
    .orderBy(...ordered);
}

/** getCollectionAccounts.php: the active accounts as the borrower's app reads them. */
export async function collectionAccountsForBorrower(
  deps: Pick<Deps, 'db'>,
): Promise<CollectionAccountWire[]> {
  return (await activeCollectionAccounts(deps.db)).map((a) => ({
    bank: a.bankCode,
    bank_name: a.bankName,
    account_number: a.accountNumber,
    holder_name: a.holderName,
  }));
}

/** 'BAC Credomatic 200123456': the short form the disbursement SMS names. */
export const shortAccountText = (a: PayableAccount) => `${a.bankName} ${a.accountNumber}`;

/**
 * The accounts as a sentence the contract names: 'BAC Credomatic, cuenta 200123456 a nombre de
 * Préstamos HN; Banco Atlántida, cuenta …'. Empty when there is none.
 */
export function collectionAccountsText(accounts: readonly PayableAccount[]): string {
  return accounts
    .map((a) => `${a.bankName}, cuenta ${a.accountNumber} a nombre de ${a.holderName}`)
    .join('; ');
}

async function refuseUnknownBank(db: DbOrTx, bankCode: number): Promise<void> {
  const [bank] = await db.select({ code: banks.code }).from(banks).where(eq(banks.code, bankCode)).limit(1);
  if (!bank) throw new UserError(collectionAccountMessages.bank, { field: 'bankCode' });
}

/** An admin adds an account (active unless said otherwise; last in order unless given). Audited. */
export async function createCollectionAccount(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  input: unknown,
): Promise<CollectionAccountItem> {
  const body = parseOrRefuse(createCollectionAccountBody, input);
  await refuseUnknownBank(deps.db, body.bankCode);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [next] = await tx
        .select({ order: sql<number>`coalesce(max(${collectionAccounts.sortOrder}), -1) + 1` })
        .from(collectionAccounts);
      const [row] = await tx
        .insert(collectionAccounts)
        .values({
          bankCode: body.bankCode,
          accountNumber: body.accountNumber,
          holderName: body.holderName,
          active: body.active ?? true,
          sortOrder: body.sortOrder ?? Math.min(Number(next!.order), 999),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action: 'collection_account.create',
        entity: 'collection_account',
        entityId: row!.id,
        after: audited({ ...row!, bankName: '' }),
      });
      return row!.id;
    });
    return toItem((await findAccount(deps.db, id))!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(collectionAccountServiceMessages.exists);
    throw error;
  }
}

/**
 * An admin edits an account: its bank, number, holder or order, or `active: false` to stop showing it
 * to borrowers (accounts are never deleted). Audited with before and after; a change to nothing is
 * answered without an audit row.
 */
export async function updateCollectionAccount(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  id: number,
  input: unknown,
): Promise<CollectionAccountItem> {
  const body = parseOrRefuse(updateCollectionAccountBody, input);
  const before = await findAccount(deps.db, id);
  if (!before) throw notFound(collectionAccountMessages.id);
  if (body.bankCode !== undefined) await refuseUnknownBank(deps.db, body.bankCode);
  const changes = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && value !== before[key as keyof Row]),
  );
  if (Object.keys(changes).length === 0) return toItem(before);
  try {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [after] = await tx
        .update(collectionAccounts)
        .set({ ...(changes as Partial<typeof collectionAccounts.$inferInsert>), updatedAt: now })
        .where(eq(collectionAccounts.id, id))
        .returning();
      if (!after) throw notFound(collectionAccountMessages.id);
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action:
          changes.active === false
            ? 'collection_account.deactivate'
            : changes.active === true
              ? 'collection_account.activate'
              : 'collection_account.update',
        entity: 'collection_account',
        entityId: id,
        before: audited(before),
        after: audited({ ...after, bankName: '' }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(collectionAccountServiceMessages.exists);
    throw error;
  }
  return toItem((await findAccount(deps.db, id))!);
}

/**
 * The demo accounts of a development database (never in production, never on a non-loopback HOST):
 * two made-up accounts in the lender's name, written once while the table is empty, so /plan, the
 * SMS and the contract have something to show. An admin edits or deactivates them like any other;
 * the real ones are entered in 'Cuentas de cobro' (README).
 */
export const DEMO_COLLECTION_ACCOUNTS = [
  { bankCode: 2, accountNumber: '200123456' },
  { bankCode: 1, accountNumber: '1100223344' },
] as const;

export async function ensureDemoCollectionAccounts(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
): Promise<void> {
  if (deps.config.isProduction || !deps.config.loopbackHost) return;
  const [any] = await deps.db.select({ id: collectionAccounts.id }).from(collectionAccounts).limit(1);
  if (any) return;
  const now = deps.clock.now();
  await deps.db
    .insert(collectionAccounts)
    .values(
      DEMO_COLLECTION_ACCOUNTS.map((a, sortOrder) => ({
        ...a,
        holderName: deps.config.brandName,
        sortOrder,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}
