import { documentEvidence, loanMessages, type DocumentPreview } from '@prestamos-hn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { karla, outboxFor, registerPerson } from './support/accounts.ts';
import { staffWithRole } from './support/backoffice.ts';
import { postLocation, REQUEST, staffMember, TEGUCIGALPA, postOffer } from './support/loans.ts';
import { allDocuments, completeFields, expectEr, expectOk, uploadFiles } from './support/profile.ts';
import { stage2 } from './support/profile-values.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // 10:00 in Tegucigalpa.
  t = await createTestApp({ now: '2026-11-22T16:00:00Z' });
});
afterAll(() => t.close());

describe('a real borrower applies end to end', () => {
  it('registers, is approved, applies from Tegucigalpa, is approved and disbursed, and reads the plan', async () => {
    // The profile, as the app fills it in, sent for review and approved by an analyst.
    const sid = await registerPerson(t, karla);
    await expectOk(t.call('register2.php', { sid, ...stage2 }));
    await expectOk(
      t.call('putProfile.php', {
        sid,
        array: { ...(await completeFields(t, sid)), dependents_who: 'Tus hijos' },
      }),
    );
    expect((await uploadFiles(t, sid, allDocuments())).json.status).toBe('OK');
    await expectOk(t.call('send_confirmdata.php', { sid }));
    const customerId = ((await expectOk(t.call('getProfile.php', { sid }))).data as { customer_id: number })
      .customer_id;

    // Before approval the server refuses the request, whatever the app shows.
    await expectEr(
      postOffer(t, { sid, ...REQUEST }),
      'Tu perfil sigue en proceso de validación. No puedes aún.',
    );

    const { browser: reviewer } = await staffWithRole(t, 'analyst');
    const file = (await reviewer.get(`/borrowers/${customerId}`)).json as { profile: { revision: number } };
    const approved = await reviewer.post(`/reviews/${customerId}/decision`, {
      decision: 'approve',
      version: file.profile.revision,
    });
    expect(approved.statusCode, JSON.stringify(approved.json)).toBe(200);
    await postLocation(t, sid, TEGUCIGALPA);

    // The application screen, the documents, the request.
    const profile = await expectOk(t.call('getApplicationProfilev2.php', { sid }));
    expect(profile.Products_r).toEqual([1, 2, 3]);
    const contract = await expectOk(t.call('get_contractPre.php', { sid, ...REQUEST }));
    expect(contract.document_template).toContain('KARLA PATRICIA MARTINEZ REYES');
    expect(contract.document_template).toContain('Banco Atlántida');
    expect(contract.document_template).toContain('31415926');
    const note = await expectOk(t.call('get_pagarePre.php', { sid, ...REQUEST }));
    const offer = (await expectOk(
      // With the evidence of what the borrower read: both versions and both hashes (issue 32 point 7).
      t.call('postOffer.php', {
        sid,
        ...REQUEST,
        ...(await documentEvidence(contract as DocumentPreview, note as DocumentPreview)),
      }),
    )) as { container_id: number; message: string };
    expect(offer.message).toBe(loanMessages.requestSent);
    const invoice = await expectOk(t.call('getFactura.php', { sid }));
    expect(invoice).toMatchObject({ cantidadSolicitada: 1000, totalAPagar: 1251.63, pagosARealizar: 3 });

    // Staff decide and disburse (the services the staff routes will call).
    const analyst = await staffMember(t, 'analyst');
    const cashier = await staffMember(t, 'cashier');
    await decideLoan(t.deps, analyst, offer.container_id, { decision: 'take' });
    await decideLoan(t.deps, analyst, offer.container_id, { decision: 'approve' });
    await recordDisbursement(t.deps, cashier, offer.container_id, {
      disbursedOn: '2026-11-22',
      reference: 'TRF-7788',
    });

    // The borrower's plan and history.
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    expect(list.status).toBe(3);
    expect((list.loans as Record<string, unknown>)[String(offer.container_id)]).toMatchObject({
      status: 3,
      debt: 1251.63,
      contract_content: contract.document_template,
    });
    const schedule = (await expectOk(
      t.call('getBorrowerRepaymentSchedule.php', { sid, ContainerId: offer.container_id }),
    )) as unknown as { schedule_date: string }[];
    expect(schedule.map((i) => i.schedule_date)).toEqual(['2026-12-22', '2027-01-21', '2027-02-20']);
    const sms = (await outboxFor(t, karla.UsrTel)).map((m) => m.body);
    // No collection account is kept in this database: the SMS still gives the reference to write.
    expect(sms[0]).toBe(
      `Préstamos HN: Depositamos tu préstamo. Depositamos L 1,000.00 en tu cuenta bancaria (referencia TRF-7788). Tu primera cuota de L 417.21 vence el 22 de diciembre de 2026. Cuando deposites, escribe como referencia el número de tu préstamo: ${offer.container_id}. Revisa tu plan de pagos en la app.`,
    );
    // A second request is refused while this loan is being paid.
    await expectEr(postOffer(t, { sid, ...REQUEST }), loanMessages.blockingOffer);
  });
});
