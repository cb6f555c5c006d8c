import { createHash } from 'node:crypto';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { apiDataDir } from '../config.ts';
import { readCsv } from '../integrations/geocoder/csv.ts';
import { loadGazetteer } from '../integrations/geocoder/gazetteer.ts';
import type { Db, DbOrTx } from './client.ts';
import {
  banks,
  departments,
  documentTemplates,
  documentTemplateVersions,
  fieldOptions,
  loanPurposes,
  localities,
  municipalities,
  priceLists,
  products,
  referenceDataSeeds,
} from './schema/index.ts';
import {
  bankSeed,
  documentTemplateSeed,
  fieldOptionSeed,
  loanPurposeSeed,
  productSeed,
} from './seed-data.ts';

/** A place name as a stable code inside its municipality: 'San Pedro Sula' gives 'san-pedro-sula'. */
export function placeCode(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The places of each municipality (`ubs`), one per name, from the gazetteer's hn-lugares.csv. */
export function localitySeed(): { municipalityCode: string; code: string; name: string }[] {
  const seen = new Map<string, { municipalityCode: string; code: string; name: string }>();
  for (const place of loadGazetteer(apiDataDir).places) {
    const code = placeCode(place.placeName);
    const key = `${place.municipalityCode}/${code}`;
    if (code !== '' && !seen.has(key)) {
      seen.set(key, { municipalityCode: place.municipalityCode, code, name: place.placeName });
    }
  }
  return [...seen.values()];
}

/**
 * Each template's shipped text (`documentTemplateSeed`) as a version: version 1 of a new database;
 * on an older one, the next version when the current one is an earlier shipped text (no staff member
 * wrote it), so that a release's new wording reaches requests made from then on. A version an admin
 * saved stays current: that wording is the admin's, who sees the new placeholders in the
 * back-office. Versions are never changed, so accepted documents keep theirs.
 */
export async function seedTemplateVersions(tx: DbOrTx): Promise<void> {
  for (const template of documentTemplateSeed) {
    const [current] = await tx
      .select({
        version: documentTemplateVersions.version,
        title: documentTemplateVersions.title,
        body: documentTemplateVersions.body,
        createdByStaffId: documentTemplateVersions.createdByStaffId,
      })
      .from(documentTemplateVersions)
      .where(eq(documentTemplateVersions.kind, template.kind))
      .orderBy(desc(documentTemplateVersions.version))
      .limit(1);
    if (current && current.createdByStaffId !== null) continue;
    if (current && current.title === template.title && current.body === template.body) continue;
    await tx
      .insert(documentTemplateVersions)
      .values({ ...template, version: (current?.version ?? 0) + 1 })
      .onConflictDoNothing();
  }
}

/**
 * Loads reference data. Idempotent: geography and banks are facts and are refreshed; staff-managed
 * lists are inserted only when missing. Runs in one transaction, and only when the shipped data
 * differs from what was seeded last (`reference_data_seeds`): an ordinary start reads one row.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const deps = readCsv(path.join(apiDataDir, 'hn-departamentos.csv'), ['dept_code', 'dept_name']).map(
    (r) => ({ code: r.dept_code, name: r.dept_name }),
  );
  const muns = readCsv(path.join(apiDataDir, 'hn-municipios.csv'), [
    'muni_code',
    'dept_code',
    'muni_name',
  ]).map((r) => ({
    code: r.muni_code,
    departmentCode: r.dept_code,
    name: r.muni_name,
  }));
  const places = localitySeed();
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        deps,
        muns,
        places,
        bankSeed,
        fieldOptionSeed,
        loanPurposeSeed,
        productSeed,
        documentTemplateSeed,
      ]),
    )
    .digest('hex');
  const [seeded] = await db
    .select({ hash: referenceDataSeeds.hash })
    .from(referenceDataSeeds)
    .where(eq(referenceDataSeeds.hash, hash));
  if (seeded) return;

  await db.transaction(async (tx) => {
    await tx
      .insert(banks)
      .values(
        bankSeed.map((b) => ({ code: b.code, name: b.name, isMobileWallet: b.isMobileWallet ?? false })),
      )
      .onConflictDoUpdate({
        target: banks.code,
        set: { name: sql`excluded.name`, isMobileWallet: sql`excluded.is_mobile_wallet` },
      });

    await tx
      .insert(fieldOptions)
      .values(
        Object.entries(fieldOptionSeed).flatMap(([list, options]) =>
          options.map(([value, label], position) => ({ list, value, label, position })),
        ),
      )
      .onConflictDoNothing();

    await tx
      .insert(departments)
      .values(deps)
      .onConflictDoUpdate({ target: departments.code, set: { name: sql`excluded.name` } });
    await tx
      .insert(municipalities)
      .values(muns)
      .onConflictDoUpdate({
        target: municipalities.code,
        set: { name: sql`excluded.name`, departmentCode: sql`excluded.department_code` },
      });

    await tx
      .insert(localities)
      .values(places)
      .onConflictDoUpdate({
        target: [localities.municipalityCode, localities.code],
        set: { name: sql`excluded.name` },
      });

    await tx.insert(loanPurposes).values(loanPurposeSeed).onConflictDoNothing();
    await tx
      .insert(products)
      .values(productSeed.map(({ price: _price, ...p }) => p))
      .onConflictDoNothing();
    await tx
      .insert(priceLists)
      .values(productSeed.map((p) => ({ productId: p.id, ...p.price })))
      .onConflictDoNothing();
    await tx
      .insert(documentTemplates)
      .values(documentTemplateSeed.map((t) => ({ kind: t.kind })))
      .onConflictDoNothing();
    await seedTemplateVersions(tx);
    await tx.insert(referenceDataSeeds).values({ hash }).onConflictDoNothing();
  });
}
