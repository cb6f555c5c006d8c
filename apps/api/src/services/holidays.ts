import {
  createHolidayBody,
  HOLIDAY_YEAR_MAX,
  HOLIDAY_YEAR_MIN,
  holidayMessages,
} from '@prestamos-hn/contract';
import { formatLongDate, isIsoDate, todayInTegucigalpa, type IsoDate } from '@prestamos-hn/domain';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { holidays, staffAccounts } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import { writeAudit } from './audit.ts';
import type { Deps } from './deps.ts';
import { conflict, notFound } from './shared/refusals.ts';
import type { StaffMember } from './shared/staff-member.ts';
import { isUniqueViolation } from './shared/unique-violation.ts';
import { parseOrRefuse } from './shared/validation.ts';

/**
 * The holiday calendar (decision 014, point 3): the days off besides Sunday. Every quote and every
 * schedule reads it when it computes due dates (`loadHolidays`, once per request), so a change
 * applies to due dates computed from then on; plans already computed keep theirs. Admins keep it
 * (the back-office's 'Feriados'), each change audited.
 */

export const holidayServiceMessages = {
  exists: (date: IsoDate) => `Ya hay un feriado el ${formatLongDate(date)}.`,
  notFound: 'No encontramos ese feriado.',
} as const;

/**
 * The calendar's dates, in order: all of them, or from `from` on (a quote or a schedule needs none
 * before its start). What `quoteLoan`'s `holidays` and the domain's `holidaySet` take.
 */
export async function loadHolidays(db: DbOrTx, from?: IsoDate): Promise<IsoDate[]> {
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(from === undefined ? undefined : gte(holidays.date, from))
    .orderBy(asc(holidays.date));
  return rows.map((row) => row.date);
}

const holidayColumns = {
  date: holidays.date,
  name: holidays.name,
  createdBy: staffAccounts.name,
  createdAt: holidays.createdAt,
};

type HolidayRow = { date: string; name: string; createdBy: string | null; createdAt: Date };
const toItem = (row: HolidayRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

async function findHoliday(db: DbOrTx, date: IsoDate) {
  const [row] = await db
    .select(holidayColumns)
    .from(holidays)
    .leftJoin(staffAccounts, eq(staffAccounts.id, holidays.createdByStaffId))
    .where(eq(holidays.date, date))
    .limit(1);
  return row ? toItem(row) : null;
}

/** One year's holidays in date order (the current Tegucigalpa year when none is given), and the years the calendar has. */
export async function listHolidays(deps: Pick<Deps, 'db' | 'clock'>, input: { year?: number }) {
  const year = input.year ?? Number(todayInTegucigalpa(deps.clock.now()).slice(0, 4));
  if (!Number.isInteger(year) || year < HOLIDAY_YEAR_MIN || year > HOLIDAY_YEAR_MAX) {
    throw new UserError(holidayMessages.year, { field: 'year' });
  }
  const items = await deps.db
    .select(holidayColumns)
    .from(holidays)
    .leftJoin(staffAccounts, eq(staffAccounts.id, holidays.createdByStaffId))
    .where(and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`)))
    .orderBy(asc(holidays.date));
  const years = await deps.db
    .selectDistinct({ year: sql<number>`extract(year from ${holidays.date})::int` })
    .from(holidays)
    .orderBy(sql`1`);
  return { year, items: items.map(toItem), years: years.map((row) => Number(row.year)) };
}

/** An admin adds a holiday (a date and its name); a date already in the calendar is 409. */
export async function addHoliday(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  input: { date: string; name: string },
) {
  const { date, name } = parseOrRefuse(createHolidayBody, input);
  if (await findHoliday(deps.db, date)) throw conflict(holidayServiceMessages.exists(date));
  try {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await tx.insert(holidays).values({ date, name, createdByStaffId: staff.id, createdAt: now });
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action: 'holiday.create',
        entity: 'holiday',
        entityId: date,
        after: { date, name },
      });
    });
  } catch (error) {
    // Another admin added the same date in between.
    if (isUniqueViolation(error)) throw conflict(holidayServiceMessages.exists(date));
    throw error;
  }
  return (await findHoliday(deps.db, date))!;
}

/** An admin removes a holiday: a working day again (unless a Sunday) for due dates computed from now on. */
export async function removeHoliday(deps: Pick<Deps, 'db' | 'clock'>, staff: StaffMember, date: string) {
  if (!isIsoDate(date)) throw notFound(holidayServiceMessages.notFound);
  const before = await findHoliday(deps.db, date);
  if (!before) throw notFound(holidayServiceMessages.notFound);
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(holidays)
      .where(eq(holidays.date, date))
      .returning({ date: holidays.date });
    // Another admin removed it in between: nothing to audit.
    if (!deleted) throw notFound(holidayServiceMessages.notFound);
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'holiday.delete',
      entity: 'holiday',
      entityId: date,
      before: { date: before.date, name: before.name },
    });
  });
  return before;
}
