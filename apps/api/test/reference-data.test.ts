import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from './support/borrowers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('getFieldConstructor.php', () => {
  it('answers the six option lists, the 16 banks by code', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await t.call('getFieldConstructor.php', { sid });
    expect(res.json.status).toBe('OK');
    const data = (res.json.payload as { data: Record<string, { values: Record<string, string> }> }).data;
    expect(Object.keys(data).sort()).toEqual(
      ['bank', 'business_type', 'education', 'home_status', 'income_status', 'marital_status'].sort(),
    );
    expect(Object.keys(data.bank!.values)).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)));
    expect(data.income_status!.values).toEqual({ asalariado: 'Asalariado', comerciante: 'Comerciante' });
  });
});

describe('getPurposeList.php', () => {
  it('answers the active loan purposes', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await t.call('getPurposeList.php', { sid });
    expect(res.json.status).toBe('OK');
    const purposes = res.json.payload as { id: number; title: string }[];
    expect(purposes.length).toBeGreaterThan(3);
    expect(purposes[0]).toEqual({ id: 1, title: 'Capital de trabajo' });
  });
});

describe('the seed', () => {
  it('is idempotent and loads Honduras: 18 departments, 298 municipalities', async () => {
    const { seedReferenceData } = await import('../src/db/seed.ts');
    await seedReferenceData(t.deps.db);
    const { rows } = (await t.deps.db.execute(
      'select (select count(*) from departments)::int d, (select count(*) from municipalities)::int m, (select count(*) from products)::int p, (select count(*) from price_lists)::int pl, (select count(*) from document_templates)::int dt',
    )) as unknown as { rows: Record<string, number>[] };
    expect(rows[0]).toEqual({ d: 18, m: 298, p: 3, pl: 3, dt: 3 });
  });

  it('writes only when the shipped data differs from what was seeded last (a start reads one row)', async () => {
    const { seedReferenceData } = await import('../src/db/seed.ts');
    const name = async () =>
      (
        (await t.deps.db.execute("select name from departments where code = '08'")) as unknown as {
          rows: { name: string }[];
        }
      ).rows[0]!.name;
    const shipped = await name();
    await t.deps.db.execute("update departments set name = 'CAMBIADO A MANO' where code = '08'");
    await seedReferenceData(t.deps.db);
    expect(await name()).toBe('CAMBIADO A MANO');
    // As if a release shipped new data: no row for its hash, so the seed runs and refreshes.
    await t.deps.db.execute('delete from reference_data_seeds');
    await seedReferenceData(t.deps.db);
    expect(await name()).toBe(shipped);
    const seeds = (await t.deps.db.execute('select hash from reference_data_seeds')) as unknown as {
      rows: { hash: string }[];
    };
    expect(seeds.rows).toHaveLength(1);
    expect(seeds.rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
