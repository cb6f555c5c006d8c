import { sql, type SQL } from 'drizzle-orm';

/**
 * Named integer constants (the domain's status codes) written into a statement's text as literals,
 * not sent as bind parameters: the statement reads exactly as with the numbers typed in, so a
 * partial index whose predicate lists them (`status not in (1, 6)`) still matches the query, and a
 * literal keeps its integer type (a parameter in `select 3 as from_status` would arrive as text).
 * Only safe integers are accepted, so nothing else can reach the SQL text.
 */
function literal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer to write into SQL: ${value}`);
  return String(value);
}

/** One integer constant as a SQL literal: `sqlInt(LOAN_STATUS.late)` is `8`. */
export const sqlInt = (value: number): SQL => sql.raw(literal(value));

/** Integer constants as the list of an `in (…)`: `sqlList([1, 6])` is `1, 6`. */
export function sqlList(values: readonly number[]): SQL {
  if (values.length === 0) throw new RangeError('An empty list cannot be written as an SQL "in (…)" list.');
  return sql.raw(values.map(literal).join(', '));
}

/** Named integer constants as SQL literals under the same names: `sqlInts(LOAN_STATUS).late` is `8`. */
export function sqlInts<K extends string>(codes: Readonly<Record<K, number>>): Readonly<Record<K, SQL>> {
  return Object.fromEntries(
    Object.entries<number>(codes).map(([name, value]) => [name, sqlInt(value)]),
  ) as Record<K, SQL>;
}
