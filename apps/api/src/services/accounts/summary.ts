import type { AccountSummary } from '@prestamos-hn/contract';
import { COMPLETE_STATUS, EMAIL_PENDING_STATUS } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { borrowers } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';

/** All but the last two digits hidden: `99887734` gives `******34`. */
export function maskPhone(phone: string): string {
  return phone.length <= 2 ? phone : '*'.repeat(phone.length - 2) + phone.slice(-2);
}

type BorrowerRow = typeof borrowers.$inferSelect;

export function toAccountSummary(
  b: Pick<BorrowerRow, 'firstName' | 'firstSurname' | 'email' | 'mobPhone' | 'emailConfirmedAt'>,
): AccountSummary {
  return {
    realname: b.firstName,
    surname: b.firstSurname,
    email: b.email,
    mob_phone: maskPhone(b.mobPhone),
    MailEst: b.emailConfirmedAt ? COMPLETE_STATUS : EMAIL_PENDING_STATUS,
  };
}

export async function findBorrowerById(db: DbOrTx, borrowerId: number): Promise<BorrowerRow | undefined> {
  const [row] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1);
  return row;
}

/** getAccount.php: who is logged in and whether the e-mail is confirmed. */
export async function getAccountSummary(deps: Pick<Deps, 'db'>, borrowerId: number): Promise<AccountSummary> {
  const row = await findBorrowerById(deps.db, borrowerId);
  if (!row) throw new Error(`session of a missing borrower ${borrowerId}`);
  return toAccountSummary(row);
}
