import { asc, eq } from 'drizzle-orm';
import { banks, fieldOptions, loanPurposes } from '../db/schema/index.ts';
import type { Deps } from './deps.ts';

type OptionList = { values: Record<string, string> };

/** The option lists of getFieldConstructor.php: banks by code, the rest in display order. */
export async function getFieldOptionLists(deps: Pick<Deps, 'db'>): Promise<Record<string, OptionList>> {
  const [bankRows, optionRows] = await Promise.all([
    deps.db.select().from(banks).orderBy(asc(banks.code)),
    deps.db.select().from(fieldOptions).orderBy(asc(fieldOptions.list), asc(fieldOptions.position)),
  ]);
  const lists: Record<string, OptionList> = {
    bank: { values: Object.fromEntries(bankRows.map((b) => [String(b.code), b.name])) },
  };
  for (const row of optionRows) {
    (lists[row.list] ??= { values: {} }).values[row.value] = row.label;
  }
  return lists;
}

export async function listLoanPurposes(deps: Pick<Deps, 'db'>): Promise<{ id: number; title: string }[]> {
  return deps.db
    .select({ id: loanPurposes.id, title: loanPurposes.title })
    .from(loanPurposes)
    .where(eq(loanPurposes.active, true))
    .orderBy(asc(loanPurposes.id));
}
