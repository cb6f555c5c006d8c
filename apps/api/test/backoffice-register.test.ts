import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bankAccounts,
  banks,
  borrowerFiles,
  borrowerLocations,
  borrowers,
  localities,
  profileReviews,
  profiles,
} from '../src/db/schema/index.ts';
import { createSession } from '../src/services/sessions.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
/** Every log line the server writes, to prove a file answer is sent once. */
const logLines: string[] = [];
let analyst: StaffBrowser;
let analystId: number;
let cashier: StaffBrowser;
const ids: Record<string, number> = {};

async function addBorrower(
  key: string,
  values: Partial<typeof borrowers.$inferInsert> & {
    personCode: string;
    firstName: string;
    firstSurname: string;
  },
  profile?: Partial<typeof profiles.$inferInsert>,
) {
  const [row] = await t.deps.db
    .insert(borrowers)
    .values({
      email: `${key}@example.com`,
      mobPhone: `9${String(Object.keys(ids).length + 1).padStart(7, '0')}`,
      gender: 'F',
      birthday: '1990-01-01',
      passwordHash: 'x',
      ...values,
    })
    .returning({ id: borrowers.id });
  ids[key] = row!.id;
  if (profile) await t.deps.db.insert(profiles).values({ borrowerId: row!.id, ...profile });
}

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  ({ browser: analyst, id: analystId } = await staffWithRole(t, 'analyst'));
  ({ browser: cashier } = await staffWithRole(t, 'cashier'));
  const at = (iso: string) => ({ createdAt: new Date(iso) });
  // Karla is a demo identity of the census simulator; her second surname is declared differently.
  await addBorrower(
    'karla',
    {
      personCode: '0801199000011',
      firstName: 'KARLA',
      secondName: 'PATRICIA',
      firstSurname: 'MARTÍNEZ',
      secondSurname: 'RAMOS',
      birthday: '1990-03-15',
      mobPhone: '98765432',
      ...at('2026-11-01T10:00:00Z'),
    },
    {
      sentForReviewAt: new Date('2026-11-20T12:00:00Z'),
      refNomPer: 'ANA LÓPEZ',
      refTelPer: '99001122',
      refTipoPer: 'amigo',
      refNomLab: 'LUIS PÉREZ',
      refTipoLab: 'jefe',
      refTelLab: '99003344',
      incomeStatus: 'asalariado',
      maritalStatus: 'casado',
      region: '08',
      county: '0801',
      // Work in San Pedro Sula; its place is set below from the seeded gazetteer.
      workRegion: '05',
      workCounty: '0501',
    },
  );
  // Key, identity number, first name and surname, when they registered, and their profile (none for María).
  const others: [string, string, string, string, string, Partial<typeof profiles.$inferInsert>?][] = [
    ['jose', '0501198500022', 'JOSÉ', 'HERNÁNDEZ', '2026-11-02T10:00:00Z', { status: '1' }],
    ['maria', '0801199500033', 'MARÍA', 'LÓPEZ', '2026-11-03T10:00:00Z'],
    ['pedro', '0801199500044', 'PEDRO', 'ZELAYA', '2026-11-04T10:00:00Z', {}],
    ['lucia', '0801199500055', 'LUCÍA', 'ÁLVAREZ', '2026-11-05T10:00:00Z', {}],
  ];
  for (const [key, personCode, firstName, firstSurname, createdAt, profile] of others) {
    await addBorrower(key, { personCode, firstName, firstSurname, ...at(createdAt) }, profile);
  }
  // Lucía's profile was returned once and not sent again.
  await t.deps.db.insert(profileReviews).values({
    borrowerId: ids.lucia!,
    staffId: analystId,
    decision: 'return',
    errorCode: 2,
    submittedAt: new Date('2026-11-10T10:00:00Z'),
    decidedAt: new Date('2026-11-11T10:00:00Z'),
  });
});
afterAll(() => t.close());

type Page = {
  items: { id: number; name: string; state: string; stateLabel: string }[];
  total: number;
  counts: Record<string, number>;
};
const list = async (browser: StaffBrowser, qs: string) => {
  // The search is a POST (no identity number in a URL); the test writes its filters as a query string.
  const body: Record<string, unknown> = Object.fromEntries(new URLSearchParams(qs));
  for (const key of ['page', 'pageSize']) if (key in body) body[key] = Number(body[key]);
  const res = await browser.post('/borrowers/search', body);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as Page;
};

describe('the borrower register', () => {
  it('counts per state and filters by state', async () => {
    const all = await list(analyst, '');
    expect(all.counts).toEqual({ incompleto: 2, en_revision: 1, aprobado: 1, devuelto: 1 });
    expect(all.total).toBe(5);
    const returned = await list(analyst, 'state=devuelto');
    expect(returned.items.map((i) => i.id)).toEqual([ids.lucia]);
    expect(returned.items[0]).toMatchObject({ state: 'devuelto', stateLabel: 'Devuelto' });
    expect((await list(analyst, 'state=en_revision')).items.map((i) => i.id)).toEqual([ids.karla]);
    expect((await list(analyst, 'state=aprobado')).items.map((i) => i.id)).toEqual([ids.jose]);
    expect((await list(analyst, 'state=incompleto')).items.map((i) => i.id).sort()).toEqual(
      [ids.maria, ids.pedro].sort(),
    );
  });

  it.each([
    ['0801199000011', ['karla']],
    ['08011995', ['lucia', 'pedro', 'maria']],
    ['98765432', ['karla']],
    ['jose@EXAMPLE', ['jose']],
    ['jose hernandez', ['jose']],
    ['MARTINEZ karla', ['karla']],
    ['alvarez', ['lucia']],
    ['%', []],
  ])('searches %j on the server', async (q, expected) => {
    const page = await list(analyst, `q=${encodeURIComponent(q)}`);
    expect(page.items.map((i) => i.id)).toEqual(expected.map((k) => ids[k]));
  });

  it('counts follow the search; sorts by name or date; paginates', async () => {
    expect((await list(analyst, 'q=08011995')).counts).toEqual({
      incompleto: 2,
      en_revision: 0,
      aprobado: 0,
      devuelto: 1,
    });
    const byName = await list(analyst, 'sort=name&order=asc');
    expect(byName.items.map((i) => i.id)).toEqual([ids.lucia, ids.jose, ids.maria, ids.karla, ids.pedro]);
    const oldest = await list(analyst, 'sort=created&order=asc&pageSize=2&page=2');
    expect(oldest.items.map((i) => i.id)).toEqual([ids.maria, ids.pedro]);
    expect(oldest).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect((await list(analyst, 'sort=created&order=asc&pageSize=2&page=3')).items.map((i) => i.id)).toEqual([
      ids.lucia,
    ]);
  });

  it('refuses bad filters with their message', async () => {
    expectError(
      await analyst.post('/borrowers/search', { state: 'perdido' }),
      400,
      'Estado inválido: incompleto, en_revision, aprobado o devuelto.',
    );
    expectError(
      await analyst.post('/borrowers/search', { pageSize: 500 }),
      400,
      'El tamaño de página debe estar entre 1 y 100.',
    );
    expectError(
      await analyst.post('/borrowers/search', { sort: 'edad' }),
      400,
      'Orden inválido: created, name o sent.',
    );
  });
});

describe('the borrower file', () => {
  let frontId: number;
  let homePlace: { code: string; name: string };
  beforeAll(async () => {
    await t.deps.integrations.fileStorage.put('borrowers/test/frente', images.jpeg, 'image/jpeg');
    const [file] = await t.deps.db
      .insert(borrowerFiles)
      .values({
        borrowerId: ids.karla!,
        type: 19,
        storageKey: 'borrowers/test/frente',
        contentType: 'image/jpeg',
        size: images.jpeg.length,
      })
      .returning({ id: borrowerFiles.id });
    frontId = file!.id;
    const [home] = await t.deps.db
      .select()
      .from(localities)
      .where(eq(localities.municipalityCode, '0801'))
      .limit(1);
    const [work] = await t.deps.db
      .select()
      .from(localities)
      .where(eq(localities.municipalityCode, '0501'))
      .limit(1);
    homePlace = home!;
    await t.deps.db
      .update(profiles)
      .set({ city: home!.code, workCity: work!.code })
      .where(eq(profiles.borrowerId, ids.karla!));
    await t.deps.db
      .insert(bankAccounts)
      .values({ borrowerId: ids.karla!, bankCode: 1, accountNumber: '31415926' });
    await t.deps.db.insert(borrowerLocations).values({
      borrowerId: ids.karla!,
      latitude: 14.0818,
      longitude: -87.2068,
      city: 'Tegucigalpa',
      municipalityCode: '0801',
      ip: '200.1.2.3',
      browser: 'Chrome',
      os: 'Android',
    });
    await createSession(t.deps, {
      borrowerId: ids.karla!,
      state: 'active',
      ip: '200.1.2.3',
      userAgent: 'Android',
    });
  });

  it('shows every profile field, the census beside what was declared, references, locations, sessions and audit', async () => {
    const res = await analyst.get(`/borrowers/${ids.karla}`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer read field by field
    const file = res.json as Record<string, any>;
    expect(file.borrower).toMatchObject({ id: ids.karla, personCode: '0801199000011', mobPhone: '98765432' });
    expect(file).toMatchObject({ state: 'en_revision', stateLabel: 'En revisión' });
    expect(file.profile).toMatchObject({
      status: '0',
      datasend: 'CMP',
      ref_nom_per: 'ANA LÓPEZ',
      file1: 'identidad-frente.jpg',
    });
    for (const key of [
      'income_status',
      'bank',
      'workplace',
      'work_experience',
      'ref_correo_lab',
      'errores_perfil',
      'modified',
    ]) {
      expect(file.profile).toHaveProperty(key);
    }
    // Coded fields come with the names staff read; a field with no value has no name.
    const [bank] = await t.deps.db.select().from(banks).where(eq(banks.code, 1));
    expect(file.profile).toMatchObject({ region: '08', county: '0801', city: homePlace.code, bank: '1' });
    expect(file.labels).toMatchObject({
      income_status: 'Asalariado',
      marital_status: 'Casado(a)',
      bank: bank!.name,
      region: 'Francisco Morazán',
      county: 'Distrito Central',
      city: homePlace.name,
      work_region: 'Cortés',
      work_county: 'San Pedro Sula',
    });
    expect(file.labels.work_city).toEqual(expect.any(String));
    expect(file.labels).not.toHaveProperty('education');
    expect(file.labels).not.toHaveProperty('business_type');
    expect(file.census.status).toBe('success');
    expect(file.census.differences).toBe(1);
    expect(file.census.comparison).toEqual([
      { field: 'firstName', label: 'Primer nombre', declared: 'KARLA', census: 'KARLA', matches: true },
      {
        field: 'secondName',
        label: 'Segundo nombre',
        declared: 'PATRICIA',
        census: 'PATRICIA',
        matches: true,
      },
      {
        field: 'firstSurname',
        label: 'Primer apellido',
        declared: 'MARTÍNEZ',
        census: 'MARTINEZ',
        matches: true,
      },
      {
        field: 'secondSurname',
        label: 'Segundo apellido',
        declared: 'RAMOS',
        census: 'REYES',
        matches: false,
      },
      { field: 'sex', label: 'Sexo', declared: 'Femenino', census: 'Femenino', matches: true },
      {
        field: 'birthDate',
        label: 'Fecha de nacimiento',
        declared: '1990-03-15',
        census: '1990-03-15',
        matches: true,
      },
    ]);
    expect(file.references).toEqual([
      { kind: 'personal', type: 'amigo', name: 'ANA LÓPEZ', phone: '99001122', email: '' },
      { kind: 'labour', type: 'jefe', name: 'LUIS PÉREZ', phone: '99003344', email: '' },
    ]);
    expect(file.documents).toEqual([
      expect.objectContaining({
        id: frontId,
        type: 19,
        label: 'Identidad (frente)',
        url: `/api/backoffice/borrowers/${ids.karla}/files/${frontId}`,
      }),
    ]);
    expect(file.locations[0]).toMatchObject({
      city: 'Tegucigalpa',
      municipality: expect.any(String),
      ip: '200.1.2.3',
    });
    expect(file.sessions).toHaveLength(1);
    expect(file.sessions[0]).toMatchObject({ state: 'active', ip: '200.1.2.3' });
    expect(file.sessions[0]).not.toHaveProperty('tokenHash');
    expect(Array.isArray(file.audit)).toBe(true);
    // Every row says who by name when a staff member acted (null for the borrower and the system).
    const audit = file.audit as { actorType: string; actorName: string | null }[];
    expect(audit.every((row) => (row.actorType === 'staff') === (row.actorName !== null))).toBe(true);
  });

  it('a cashier sees the file without the sessions and audit trail, and not the document bytes', async () => {
    const file = (await cashier.get(`/borrowers/${ids.karla}`)).json as Record<string, unknown>;
    expect(file.census).toBeDefined();
    expect(file.sessions).toBeNull();
    expect(file.audit).toBeNull();
    expectError(
      await cashier.get(`/borrowers/${ids.karla}/files/${frontId}`),
      403,
      'No tienes permiso para hacer esto.',
    );
  });

  it('serves document bytes only through the staff route, and writes view_documents', async () => {
    const res = await analyst.get(`/borrowers/${ids.karla}/files/${frontId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.raw.equals(images.jpeg)).toBe(true);
    expect(logLines.filter((l) => l.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'view_documents'), eq(auditLog.entityId, String(ids.karla))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: 'staff',
      actorId: String(analystId),
      entity: 'borrower',
      after: { fileId: frontId, type: 19 },
    });
    // Another borrower's path, an unknown file, no session: nothing.
    expectError(await analyst.get(`/borrowers/${ids.jose}/files/${frontId}`), 404);
    expectError(await analyst.get(`/borrowers/${ids.karla}/files/999999`), 404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/borrowers/${ids.karla}/files/${frontId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expectError(await analyst.get('/borrowers/999999'), 404, 'No encontramos a ese cliente.');
  });
});
