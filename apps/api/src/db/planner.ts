import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from './client.ts';

/** The planner's join methods a statement may do without. */
export type JoinMethod = 'enable_hashjoin' | 'enable_mergejoin';

/**
 * Runs `work` with the given join methods off for the transaction, then sets them back to what they
 * were (not simply 'on': an operator may have set them otherwise). For the daily run's statements
 * whose row counts the planner cannot estimate, and which it would otherwise plan over the whole
 * table. Transaction-local: if `work` fails, the transaction's end discards them anyway.
 */
export async function withJoinMethodsOff<T>(
  db: DbOrTx,
  methods: readonly JoinMethod[],
  work: () => Promise<T>,
): Promise<T> {
  const [before] = rowsOf<Record<string, string>>(
    await db.execute(
      sql`select ${sql.join(
        methods.map((name) => sql`current_setting(${name}) as ${sql.identifier(name)}`),
        sql`, `,
      )}`,
    ),
  );
  await db.execute(
    sql`select ${sql.join(
      methods.map((name) => sql`set_config(${name}, 'off', true)`),
      sql`, `,
    )}`,
  );
  const result = await work();
  await db.execute(
    sql`select ${sql.join(
      methods.map((name) => sql`set_config(${name}, ${before![name]!}, true)`),
      sql`, `,
    )}`,
  );
  return result;
}
