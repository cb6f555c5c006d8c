import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentTemplateVersions, loanDocuments, profiles } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { listTemplates, previewTemplate, saveTemplateVersion } from '../src/services/loans/templates.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { expectOk } from './support/profile.ts';
import { borrowerReadyToApply, REQUEST, staffMember, postOffer } from './support/loans.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: StaffMember;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T15:00:00Z' });
  admin = await staffMember(t, 'admin');
});
afterAll(() => t.close());

describe('document templates', () => {
  it('start with the seeded first version of each kind, and the seed run again adds nothing', async () => {
    await seedReferenceData(t.deps.db);
    const list = await listTemplates(t.deps);
    expect(list.items.map((i) => [i.kind, i.current?.version, i.versions.length])).toEqual([
      ['contract', 1, 1],
      ['promissory_note', 1, 1],
      ['privacy_terms', 1, 1],
    ]);
    expect(list.placeholders).toContain('plan_de_pagos');
  });

  it('an admin save is sanitised, kept as the next version, used by new requests; accepted loans keep theirs', async () => {
    const first = await borrowerReadyToApply(t);
    const { container_id: oldLoan } = (await expectOk(postOffer(t, { sid: first.sid, ...REQUEST }))) as {
      container_id: number;
    };
    const [oldContract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(eq(loanDocuments.loanId, oldLoan));

    const saved = await saveTemplateVersion(t.deps, admin, 'contract', {
      title: ' Contrato de préstamo (2027) ',
      body:
        '<h2 onclick="robar()">CONTRATO</h2><script>alert(1)</script>' +
        '<p style="color:red">Yo, {{nombre}}, recibo L {{monto}}. <a href="javascript:alert(1)">ver</a></p>' +
        '<img src=x onerror="alert(1)">{{plan_de_pagos}}',
    });
    expect(saved).toMatchObject({ kind: 'contract', version: 2, title: 'Contrato de préstamo (2027)' });
    expect(saved.body).toBe(
      '<h2>CONTRATO</h2><p>Yo, {{nombre}}, recibo L {{monto}}. ver</p>{{plan_de_pagos}}',
    );
    const [stored] = await t.deps.db
      .select()
      .from(documentTemplateVersions)
      .where(eq(documentTemplateVersions.version, 2));
    expect(stored).toMatchObject({ kind: 'contract', body: saved.body, createdByStaffId: admin.id });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'template.save'));
    expect(audit).toMatchObject({ entity: 'template', entityId: 'contract', after: { version: 2 } });

    // A new request renders and stores version 2; the earlier loan still shows what was accepted.
    const second = await borrowerReadyToApply(t);
    const preview = await expectOk(t.call('get_contractPre.php', { sid: second.sid, ...REQUEST }));
    expect(preview).toMatchObject({ version: 2, title: 'Contrato de préstamo (2027)' });
    expect(preview.document_template).toContain('<p>Yo, PRUEBA PERSONA, recibo L 1,000.00. ver</p><table>');
    const { container_id: newLoan } = (await expectOk(postOffer(t, { sid: second.sid, ...REQUEST }))) as {
      container_id: number;
    };
    const [newContract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(eq(loanDocuments.loanId, newLoan));
    expect(newContract).toMatchObject({ templateVersion: 2, html: preview.document_template });
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid: first.sid }));
    expect(
      (list.loans as Record<string, { contract_content: string }>)[String(oldLoan)]!.contract_content,
    ).toBe(oldContract!.html);
    expect((await listTemplates(t.deps)).items[0]!.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('refuses unknown placeholders, an empty body, and an unknown kind', async () => {
    await expect(
      saveTemplateVersion(t.deps, admin, 'contract', { title: 'X', body: '<p>{{nombre}} {{sueldo}}</p>' }),
    ).rejects.toThrow('La plantilla usa campos que no existen: {{sueldo}}.');
    await expect(
      saveTemplateVersion(t.deps, admin, 'contract', { title: 'X', body: '<script>solo esto</script>' }),
    ).rejects.toThrow('Escribe el texto de la plantilla (hasta 100.000 caracteres).');
    await expect(
      saveTemplateVersion(t.deps, admin, 'recibo', { title: 'X', body: '<p>x</p>' }),
    ).rejects.toThrow('No encontramos esa plantilla.');
  });

  it('previews a draft for a sample borrower and loan, every value escaped', async () => {
    const preview = await previewTemplate(t.deps, {
      kind: 'promissory_note',
      body: '<p>{{nombre}} debe L {{total_a_pagar}} ({{total_a_pagar_letras}}); CAT {{costo_anual_total}} %, {{otra}}</p>',
    });
    expect(preview.html).toBe(
      '<p>KARLA PATRICIA MARTINEZ REYES debe L 1,251.63 (Mil Doscientos Cincuenta y Un Lempiras con 63/100); CAT 302.2 %, {{otra}}</p>',
    );
    expect(preview.unknownPlaceholders).toEqual(['otra']);
  });

  it("escapes the borrower's own words in a document", async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    await t.deps.db
      .update(profiles)
      .set({ house: '<img src=x onerror="alert(1)"> & "casa"' })
      .where(eq(profiles.borrowerId, borrowerId));
    const preview = await expectOk(t.call('get_pagarePre.php', { sid, ...REQUEST }));
    expect(preview.document_template).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;casa&quot;',
    );
    expect(preview.document_template).not.toContain('<img');
  });
});
