import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTemplateSeed } from '../src/db/seed-data.ts';
import { auditLog, borrowers } from '../src/db/schema/index.ts';
import { sanitizeTemplateBody } from '../src/services/loans/templates.ts';
import { unknownPlaceholders } from '../src/services/loans/documents.ts';
import { PRIVACY_TERMS_PLACEHOLDERS } from '../src/services/privacy-terms.ts';
import { confirmPhone, jose, karla } from './support/accounts.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 35 point 9: the privacy terms are an admin-edited, versioned template (like the contract),
// seeded with a real notice, and the registration records the version accepted.

let t: TestApp;
let admin: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T16:00:00Z' });
  ({ browser: admin } = await staffWithRole(t, 'admin'));
});
afterAll(() => t.close());

const borrowerByEmail = async (email: string) =>
  (await t.deps.db.select().from(borrowers).where(eq(borrowers.email, email)))[0];

describe('the privacy terms', () => {
  it('ship as an admin could save them: sanitised as stored, the brand as the only placeholder', () => {
    const shipped = documentTemplateSeed.find((template) => template.kind === 'privacy_terms')!;
    expect(sanitizeTemplateBody(shipped.body)).toBe(shipped.body);
    expect(unknownPlaceholders(shipped.body, PRIVACY_TERMS_PLACEHOLDERS)).toEqual([]);
  });

  it('getPrivacyTerms.php answers the seeded notice, version 1, with the brand', async () => {
    const terms = await expectOk(t.call('getPrivacyTerms.php', {}));
    expect(terms).toMatchObject({ version: 1, title: 'Aviso de privacidad' });
    const html = terms.html as string;
    expect(html).toContain('Aviso de privacidad de Préstamos HN');
    for (const heading of [
      'Qué datos recogemos',
      'Para qué los usamos',
      'Cuánto tiempo los guardamos',
      'Tus derechos',
    ]) {
      expect(html).toContain(heading);
    }
    expect(html).not.toContain('{{');
  });

  it('register.php records the version accepted and when', async () => {
    await confirmPhone(t, karla.UsrTel);
    await expectOk(t.call('register.php', { ...karla, UsrPrivVer: 1 }));
    const row = await borrowerByEmail(karla.UsrMail);
    expect(row).toMatchObject({ privacyTermsVersion: 1, privacyTermsAcceptedAt: t.clock.now() });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'register'));
    expect(audit!.after).toMatchObject({ privacy_terms_version: 1 });
  });

  it('an admin saves a new version (brand placeholder only); a registration on the old one is refused', async () => {
    expectError(
      await admin.post('/templates/privacy_terms/versions', {
        title: 'Aviso de privacidad',
        body: '<p>{{marca}} presta {{monto}}.</p>',
      }),
      400,
    );
    const saved = await admin.post('/templates/privacy_terms/versions', {
      title: 'Aviso de privacidad',
      body: '<h2>Aviso de privacidad de {{marca}}</h2><p>Texto nuevo.</p><script>x</script>',
    });
    expect(saved.statusCode, JSON.stringify(saved.json)).toBe(200);
    const terms = await expectOk(t.call('getPrivacyTerms.php', {}));
    expect(terms).toEqual({
      version: 2,
      title: 'Aviso de privacidad',
      html: '<h2>Aviso de privacidad de Préstamos HN</h2><p>Texto nuevo.</p>',
    });

    await confirmPhone(t, jose.UsrTel);
    await expectEr(
      t.call('register.php', { ...jose, UsrPrivVer: 1 }),
      'Actualizamos el aviso de privacidad. Léelo y acéptalo de nuevo para crear tu cuenta.',
    );
    expect(await borrowerByEmail(jose.UsrMail)).toBeUndefined();
    await expectOk(t.call('register.php', { ...jose, UsrPrivVer: 2 }));
    expect(await borrowerByEmail(jose.UsrMail)).toMatchObject({ privacyTermsVersion: 2 });
  });

  it('a client that sends no version (the SPEC payload) accepts the current one', async () => {
    const lesly = {
      ...karla,
      UsrDNI: '0301199700077',
      UsrNom1: 'LESLY',
      UsrNom2: 'MARÍA',
      UsrApe1: 'ZÚNIGA',
      UsrApe2: 'ORELLANA',
      UsrFchNac: '1997-09-09',
      UsrMail: 'lesly@example.com',
      UsrTel: '97770077',
    };
    await confirmPhone(t, lesly.UsrTel);
    await expectOk(t.call('register.php', lesly));
    expect(await borrowerByEmail(lesly.UsrMail)).toMatchObject({ privacyTermsVersion: 2 });
  });
});
