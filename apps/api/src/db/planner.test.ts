import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, rowsOf, type Database } from './client.ts';
import { withJoinMethodsOff } from './planner.ts';

let database: Database | undefined;
afterAll(() => database?.close());

const settings = async (db: Database['db']) =>
  rowsOf<{ hash: string; merge: string }>(
    await db.execute(
      sql`select current_setting('enable_hashjoin') as hash, current_setting('enable_mergejoin') as merge`,
    ),
  )[0];

describe('withJoinMethodsOff', () => {
  it('turns the methods off for the work only, and gives back what was set before, not simply on', async () => {
    database = await openPglite(undefined);
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_mergejoin', 'off', true)`);
      const inside = await withJoinMethodsOff(tx, ['enable_hashjoin', 'enable_mergejoin'], () =>
        settings(tx),
      );
      expect(inside).toEqual({ hash: 'off', merge: 'off' });
      expect(await settings(tx)).toEqual({ hash: 'on', merge: 'off' });
    });
    expect(await settings(db)).toEqual({ hash: 'on', merge: 'on' });
  });
});
