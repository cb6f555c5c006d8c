import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banks, departments, fieldOptions, localities, municipalities } from '../../db/schema/index.ts';

/** The profile fields that hold an option list's value, and the list it comes from. */
const OPTION_FIELDS = [
  'income_status',
  'business_type',
  'marital_status',
  'home_status',
  'education',
] as const;
const PLACE_FIELDS = [
  { region: 'region', county: 'county', city: 'city' },
  { region: 'work_region', county: 'work_county', city: 'work_city' },
] as const;

type ProfileValues = Record<string, string | number | null | undefined>;
const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * The names staff read for the coded profile fields: option lists, bank, department, municipality
 * and place (home and work). A code with no name (or an empty value) is left out, so the screen
 * shows the bare code only when the reference data no longer knows it.
 */
export async function profileLabels(db: DbOrTx, profile: ProfileValues): Promise<Record<string, string>> {
  const labels: Record<string, string> = {};

  const optionPairs = OPTION_FIELDS.map((list) => ({ list, value: text(profile[list]) })).filter(
    (pair) => pair.value !== '',
  );
  const departmentCodes = PLACE_FIELDS.map((f) => text(profile[f.region])).filter(Boolean);
  const municipalityCodes = PLACE_FIELDS.map((f) => text(profile[f.county])).filter(Boolean);
  const placePairs = PLACE_FIELDS.map((f) => ({
    municipality: text(profile[f.county]),
    code: text(profile[f.city]),
  })).filter((pair) => pair.municipality !== '' && pair.code !== '');
  const bankCode = /^\d{1,4}$/.test(text(profile.bank)) ? Number(profile.bank) : null;

  const [options, deps, muns, places, bank] = await Promise.all([
    optionPairs.length
      ? db
          .select()
          .from(fieldOptions)
          .where(
            or(
              ...optionPairs.map((p) => and(eq(fieldOptions.list, p.list), eq(fieldOptions.value, p.value))),
            ),
          )
      : [],
    departmentCodes.length
      ? db.select().from(departments).where(inArray(departments.code, departmentCodes))
      : [],
    municipalityCodes.length
      ? db.select().from(municipalities).where(inArray(municipalities.code, municipalityCodes))
      : [],
    placePairs.length
      ? db
          .select()
          .from(localities)
          .where(
            or(
              ...placePairs.map((p) =>
                and(eq(localities.municipalityCode, p.municipality), eq(localities.code, p.code)),
              ),
            ),
          )
      : [],
    bankCode === null ? [] : db.select().from(banks).where(eq(banks.code, bankCode)),
  ]);

  // The query matched each row's list and value to the profile already.
  for (const option of options) {
    if (option.label.trim() !== '') labels[option.list] = option.label;
  }
  for (const fields of PLACE_FIELDS) {
    const dep = deps.find((d) => d.code === text(profile[fields.region]));
    if (dep) labels[fields.region] = dep.name;
    const mun = muns.find((m) => m.code === text(profile[fields.county]));
    if (mun) labels[fields.county] = mun.name;
    const place = places.find(
      (l) => l.municipalityCode === text(profile[fields.county]) && l.code === text(profile[fields.city]),
    );
    if (place) labels[fields.city] = place.name;
  }
  if (bank[0]) labels.bank = bank[0].name;
  return labels;
}
