import { LOAN_STATUS, PAID_INSTALMENT_STATUSES } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlInt, sqlInts, sqlList } from './sql-literals.ts';

const render = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe('integer constants written into SQL text', () => {
  it('render as the literals typed in, with no bind parameter', () => {
    const L = sqlInts(LOAN_STATUS);
    expect(
      render(sql`select ${L.paying} as from_status where status not in (${sqlList(PAID_INSTALMENT_STATUSES)})
        and status = ${sqlInt(LOAN_STATUS.late)}`),
    ).toEqual({
      sql: `select 3 as from_status where status not in (1, 6)
        and status = 8`,
      params: [],
    });
  });

  it('refuse anything but safe integers, and an empty list', () => {
    expect(() => sqlInt(1.5)).toThrow(TypeError);
    expect(() => sqlInt(Number.NaN)).toThrow(TypeError);
    expect(() => sqlList([1, '1; drop table loans' as unknown as number])).toThrow(TypeError);
    expect(() => sqlList([])).toThrow(RangeError);
  });
});
