import { profileMessages } from '@prestamos-hn/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profileReviews, profiles } from '../src/db/schema/index.ts';
import { jose, karla, registerPerson } from './support/accounts.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { allDocuments, completeFields, expectEr, expectOk, uploadFiles } from './support/profile.ts';
import { dependentsWho, stage2 } from './support/profile-values.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 35 point 9: the profile stays editable while its status is '0' (SPEC section 4), also once
// sent for review; the analyst sees what changed since it was sent, and a decision taken on an
// older revision is refused. The references modal saves for an approved borrower without them.

let t: TestApp;
let analyst: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T16:00:00Z' });
  ({ browser: analyst } = await staffWithRole(t, 'analyst'));
});
afterAll(() => t.close());

const put = (sid: string, array: Record<string, unknown>) => t.call('putProfile.php', { sid, array });

/** A borrower with a complete profile, sent for review: their sid and customer id. */
async function sentProfile(person: typeof karla, account: string): Promise<{ sid: string; id: number }> {
  const sid = await registerPerson(t, person);
  await expectOk(t.call('register2.php', { sid, ...stage2, UsrBanNum: account }));
  await expectOk(put(sid, { ...(await completeFields(t, sid)), dependents_who: dependentsWho }));
  expect((await uploadFiles(t, sid, allDocuments())).json.status).toBe('OK');
  await expectOk(t.call('send_confirmdata.php', { sid }));
  const id = ((await expectOk(t.call('getProfile.php', { sid }))).data as { customer_id: number })
    .customer_id;
  return { sid, id };
}

interface FileAnswer {
  profile: { revision: number; datasend: string; income: number };
  changesSinceSent: { field: string; label: string; before: string; after: string }[];
}
const fileOf = async (id: number) => (await analyst.get(`/borrowers/${id}`)).json as unknown as FileAnswer;
const profileRow = async (id: number) =>
  (await t.deps.db.select().from(profiles).where(eq(profiles.borrowerId, id)))[0]!;

describe('a profile sent for review stays editable', () => {
  let sid: string;
  let id: number;

  beforeAll(async () => {
    ({ sid, id } = await sentProfile(karla, '31415926'));
  });

  it('an edit is saved, keeps it in the queue, and shows among the changes since it was sent', async () => {
    const seen = await fileOf(id);
    expect(seen.changesSinceSent).toEqual([]);

    expect((await expectOk(put(sid, { income: 20000 }))).message).toBe(profileMessages.saved);
    const p = await expectOk(t.call('getProfile.php', { sid }));
    expect(p).toMatchObject({ datasend: 'CMP', csas: 'En revisión' });
    expect((p.data as { income: number }).income).toBe(20000);
    const queue = (await analyst.get('/reviews/queue')).json.items as { borrowerId: number }[];
    expect(queue.map((i) => i.borrowerId)).toContain(id);

    const now = await fileOf(id);
    expect(now.profile.revision).toBe(seen.profile.revision + 1);
    expect(now.changesSinceSent).toEqual([
      { field: 'income', label: 'Ingreso mensual (L)', before: '15000', after: '20000' },
    ]);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'profile.update.income')));
    expect(audits.at(-1)).toMatchObject({ before: { income: 15000 }, after: { income: 20000 } });
  });

  it('a document replaced and a coded field changed show by their names', async () => {
    expect((await uploadFiles(t, sid, [allDocuments()[2]!])).json.status).toBe('OK');
    await expectOk(put(sid, { ref_tipo_lab: 'cliente' }));
    const { changesSinceSent } = await fileOf(id);
    expect(changesSinceSent).toEqual(
      expect.arrayContaining([
        {
          field: 'ref_tipo_lab',
          label: 'Referencia laboral: tipo',
          before: 'Jefe o jefa',
          after: 'Cliente',
        },
        {
          field: 'document:21',
          label: 'Recibo de servicio público',
          before: 'Documento enviado',
          after: 'Documento nuevo',
        },
      ]),
    );
  });

  it('a decision on an older revision is refused and changes nothing; on the current one it is taken', async () => {
    const seen = await fileOf(id);
    await expectOk(put(sid, { workplace: 'Pulpería Nueva' }));
    const before = await profileRow(id);

    for (const body of [
      { decision: 'approve', version: seen.profile.revision },
      { decision: 'return', version: seen.profile.revision, errorCode: 2 },
    ]) {
      expectError(
        await analyst.post(`/reviews/${id}/decision`, body),
        409,
        'El perfil cambió; revísalo de nuevo.',
      );
    }
    expect(await profileRow(id)).toEqual(before);
    expect(await t.deps.db.select().from(profileReviews).where(eq(profileReviews.borrowerId, id))).toEqual(
      [],
    );
    expect(
      await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), like(auditLog.action, 'profile.approve'))),
    ).toEqual([]);

    const current = await fileOf(id);
    const approved = await analyst.post(`/reviews/${id}/decision`, {
      decision: 'approve',
      version: current.profile.revision,
    });
    expect(approved.statusCode, JSON.stringify(approved.json)).toBe(200);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'profile.approve')));
    expect(audit!.after).toMatchObject({ decidedOnRevision: current.profile.revision });
    // Approved: locked again, and nothing left to compare.
    await expectEr(put(sid, { workplace: 'Otra' }), profileMessages.profileLocked);
    expect((await fileOf(id)).changesSinceSent).toEqual([]);
  });

  it('a decision without the revision is refused', async () => {
    const other = await sentProfile(jose, '27182818');
    expectError(
      await analyst.post(`/reviews/${other.id}/decision`, { decision: 'approve' }),
      400,
      'Indica la versión del perfil que revisaste (version).',
    );
    expect((await profileRow(other.id)).status).toBe('0');
  });
});

describe('the references modal of an approved borrower', () => {
  const references = {
    ref_tipo_per: 'vecino',
    ref_nom_per: 'MARTA SOTO',
    ref_tel_per: '99112233',
    ref_correo_per: '',
    ref_tipo_lab: 'compañero',
    ref_nom_lab: 'PEDRO CRUZ',
    ref_tel_lab: '99445566',
    ref_correo_lab: '',
  };

  it('saves the eight reference fields while they are missing, and nothing else', async () => {
    const sid = await registerPerson(t, {
      ...karla,
      UsrDNI: '0301199700077',
      UsrNom1: 'LESLY',
      UsrNom2: 'MARÍA',
      UsrApe1: 'ZÚNIGA',
      UsrApe2: 'ORELLANA',
      UsrFchNac: '1997-09-09',
      UsrMail: 'lesly@example.com',
      UsrTel: '97770077',
    });
    const id = ((await expectOk(t.call('getProfile.php', { sid }))).data as { customer_id: number })
      .customer_id;
    await t.deps.db.update(profiles).set({ status: '1' }).where(eq(profiles.borrowerId, id));

    // Not the other fields, alone or along with the references.
    await expectEr(put(sid, { workplace: 'Otra empresa' }), profileMessages.profileLocked);
    await expectEr(put(sid, { ...references, workplace: 'Otra empresa' }), profileMessages.profileLocked);
    // The references are validated as in the profile.
    await expectEr(
      put(sid, { ...references, ref_tel_lab: references.ref_tel_per }),
      'El número no puede ser igual al de referencia personal.',
    );

    await expectOk(put(sid, references));
    expect((await expectOk(t.call('getProfile.php', { sid }))).data).toMatchObject(references);
    expect(
      await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'profile.update.references'))),
    ).toHaveLength(1);

    // Complete now: locked as the rest of the approved profile.
    await expectEr(put(sid, { ...references, ref_nom_per: 'OTRA PERSONA' }), profileMessages.profileLocked);
  });
});
