import { SELECT_AN_OPTION_MESSAGE } from '@prestamos-hn/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banks, departments, fieldOptions, localities, municipalities } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import type { Deps } from '../deps.ts';

const refuse = (field: string): never => {
  throw new UserError(SELECT_AN_OPTION_MESSAGE, { field });
};

/** A select's value must be one of the server's options with a label (SPEC: empty labels excluded). */
export async function assertOption(db: DbOrTx, list: string, value: string, field: string): Promise<void> {
  const [row] = await db
    .select({ label: fieldOptions.label })
    .from(fieldOptions)
    .where(and(eq(fieldOptions.list, list), eq(fieldOptions.value, value)))
    .limit(1);
  if (!row || row.label.trim() === '') refuse(field);
}

/** A bank code from the banks table; returns it as a number. */
export async function assertBank(db: DbOrTx, value: string, field: string): Promise<number> {
  const code = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(code)) return refuse(field);
  const [row] = await db.select({ code: banks.code }).from(banks).where(eq(banks.code, code)).limit(1);
  if (!row) refuse(field);
  return code;
}

/**
 * Department, municipality of that department, and place of that municipality, from the cascading
 * lists; the first wrong one is refused with its field name.
 */
export async function assertPlace(
  db: DbOrTx,
  place: { region: string; county: string; city: string },
  fields: { region: string; county: string; city: string },
): Promise<void> {
  const [dep] = await db
    .select({ code: departments.code })
    .from(departments)
    .where(eq(departments.code, place.region))
    .limit(1);
  if (!dep) refuse(fields.region);
  const [mun] = await db
    .select({ code: municipalities.code })
    .from(municipalities)
    .where(and(eq(municipalities.code, place.county), eq(municipalities.departmentCode, place.region)))
    .limit(1);
  if (!mun) refuse(fields.county);
  const [loc] = await db
    .select({ code: localities.code })
    .from(localities)
    .where(and(eq(localities.municipalityCode, place.county), eq(localities.code, place.city)))
    .limit(1);
  if (!loc) refuse(fields.city);
}

/** getLocations.php: departments, municipalities and places for the cascading lists. */
export async function getLocationLists(deps: Pick<Deps, 'db'>) {
  const [deps_, muns, ubs] = await Promise.all([
    deps.db.select().from(departments).orderBy(asc(departments.code)),
    deps.db.select().from(municipalities).orderBy(asc(municipalities.code)),
    deps.db
      .select({
        DepCod: municipalities.departmentCode,
        MunCod: localities.municipalityCode,
        LocCod: localities.code,
        LocDsc: localities.name,
      })
      .from(localities)
      .innerJoin(municipalities, eq(municipalities.code, localities.municipalityCode))
      .orderBy(asc(localities.municipalityCode), asc(localities.name)),
  ]);
  return {
    deps: deps_.map((d) => ({ DepCod: d.code, DepDsc: d.name })),
    muns: muns.map((m) => ({ DepCod: m.departmentCode, MunCod: m.code, MunDsc: m.name })),
    ubs,
  };
}
