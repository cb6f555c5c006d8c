import { formatShortDate } from '@prestamos-hn/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentTemplateVersions,
  instalments,
  loanDocuments,
  loans,
  priceLists,
} from '../src/db/schema/index.ts';
import { seedReferenceData, seedTemplateVersions } from '../src/db/seed.ts';
import { documentTemplateSeed } from '../src/db/seed-data.ts';
import { unknownPlaceholders } from '../src/services/loans/documents.ts';
import { sanitizeTemplateBody, saveTemplateVersion } from '../src/services/loans/templates.ts';
import { staffWithRole } from './support/backoffice.ts';
import { borrowerReadyToApply, REQUEST, staffMember, postOffer } from './support/loans.ts';
import { sessionNow } from './support/payments.ts';
import { pdfText } from './support/pdf.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Decision 014, point 8 (documents), over HTTP: the contract and the promissory note spell amounts
 * in lempiras and state the loan's late fee, grace, tolerance and default interest, and that the
 * plan's dates count from the disbursement; the final plan, dated from the disbursement, is a PDF
 * its owner downloads from /plan. The monthly product's price list is given 3 days of grace and
 * L 2.50 of tolerance first, so the documents show the loan's own numbers. One timeline: requests on
 * Sunday 22 November 2026, approval on the 28th, the money sent on Thursday 3 December and recorded
 * on Monday 7 December.
 */
const nineAm = (date: string) => `${date}T15:00:00Z`;
const REQUESTED_ON = '2026-11-22';
const DISBURSED_ON = '2026-12-03';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: nineAm(REQUESTED_ON) });
  await t.deps.db
    .update(priceLists)
    .set({ graceDays: 3, arrearsToleranceCents: 250 })
    .where(eq(priceLists.productId, REQUEST.productId));
});
afterAll(() => t.close());

const ARREARS_CONTRACT =
  'Si una cuota no se paga completa dentro de 3 días después de su fecha de pago, EL DEUDOR paga por ' +
  'esa cuota un recargo por mora de L 100.00, que se cobra una sola vez por cuota. Una cuota a la que ' +
  'le falten L 2.50 o menos no se considera atrasada y no genera recargo. Vencido el plazo del ' +
  'préstamo, es decir, después de la fecha de pago de la última cuota, el capital vencido y no pagado ' +
  'devenga un interés moratorio por cada día de atraso a la misma tasa del préstamo: el interés anual ' +
  'de 60.00 % de la cláusula TERCERA, que por día es la tasa del período dividida entre los días del ' +
  'período, 0.1667 % diario. El interés moratorio se cobra día a día y se paga después del recargo por mora.';
const ARREARS_NOTE =
  'Si una cuota no se paga completa dentro de 3 días después de su fecha de pago, pagaré por esa cuota ' +
  'un recargo por mora de L 100.00, una sola vez por cuota; una cuota a la que le falten L 2.50 o menos ' +
  'no se considera atrasada y no genera recargo. Después de la fecha de pago de la última cuota, el ' +
  'capital vencido y no pagado devenga un interés moratorio por cada día de atraso a la misma tasa del ' +
  'préstamo (60.00 % anual, 0.1667 % diario: la tasa del período dividida entre los días del período), ' +
  'que se cobra día a día y se paga después del recargo por mora.';

/** A borrower ready to apply who requests REQUEST now. */
async function requested() {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
    container_id: number;
  };
  return { ...borrower, loanId };
}

type ListedLoan = {
  contract_content: string | null;
  contract_pdf_url: string | null;
  plan_pdf_url: string | null;
};
async function listed(sid: string, loanId: number): Promise<ListedLoan | undefined> {
  const list = await expectOk(t.call('getCustomerOfferList.php', { sid }));
  return (list.loans as Record<string, ListedLoan>)[String(loanId)];
}

const get = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
};

describe('the shipped templates', () => {
  it('are what an admin could save: sanitised as stored, every placeholder known', () => {
    // The loan documents (the privacy terms are checked in privacy-terms.test.ts).
    for (const template of documentTemplateSeed.filter((t) => t.kind !== 'privacy_terms')) {
      expect(sanitizeTemplateBody(template.body)).toBe(template.body);
      expect(unknownPlaceholders(template.body)).toEqual([]);
      for (const placeholder of ['recargo_mora', 'dias_gracia', 'tolerancia_mora', 'tasa_moratoria_diaria']) {
        expect(template.body).toContain(`{{${placeholder}}}`);
      }
      expect(template.body).toContain('desde el día del desembolso');
    }
  });
});

describe('the accepted documents', () => {
  let first: Awaited<ReturnType<typeof requested>>;
  beforeAll(async () => {
    first = await requested();
  });

  it("spell amounts in lempiras and state the loan's late fee, grace, tolerance and default interest", async () => {
    const docs = await t.deps.db.select().from(loanDocuments).where(eq(loanDocuments.loanId, first.loanId));
    const contract = docs.find((d) => d.kind === 'contract')!;
    const note = docs.find((d) => d.kind === 'promissory_note')!;
    const [loan] = await t.deps.db.select().from(loans).where(eq(loans.id, first.loanId));
    expect(loan).toMatchObject({ lateFeeCents: 10_000, graceDays: 3, arrearsToleranceCents: 250 });

    expect(contract.html).toContain('L 1,000.00 (Mil Lempiras con 00/100)');
    expect(contract.html).toContain('L 1,251.63 (Mil Doscientos Cincuenta y Un Lempiras con 63/100)');
    expect(contract.html).toContain(ARREARS_CONTRACT);
    expect(contract.html).toContain(
      'Las fechas de pago se cuentan desde el día del desembolso, es decir, desde el día en que EL ACREEDOR ' +
        'envía el dinero: la primera cuota vence un período después del desembolso y cada una de las ' +
        'siguientes, un período después de la anterior. Si una fecha de pago cae en domingo o en día ' +
        'feriado, la cuota vence el siguiente día hábil.',
    );
    expect(contract.html).toContain(
      '<h3>Plan de pagos estimado</h3><p>Las fechas de este plan se cuentan desde hoy, 22 de noviembre de 2026',
    );
    expect(note.html).toContain('L 1,251.63 (Mil Doscientos Cincuenta y Un Lempiras con 63/100)');
    expect(note.html).toContain('(Mil Lempiras con 00/100) solicitado el 22 de noviembre de 2026');
    expect(note.html).toContain(ARREARS_NOTE);
    expect(note.html).toContain('Las fechas de pago se cuentan desde el día del desembolso');
    for (const doc of [contract, note]) {
      expect(doc.html).not.toMatch(/Pesos?|M\.N\./);
      expect(doc.html).not.toContain('{{');
    }
    // What the borrower reads on /plan is the stored contract.
    expect((await listed(first.sid, first.loanId))!.contract_content).toBe(contract.html);
  });

  it('leave blanks in a preview without a loan', async () => {
    const preview = await expectOk(t.call('get_contractPre.php', { sid: first.sid }));
    expect(preview.document_template).toContain(
      'dentro de __________ después de su fecha de pago, EL DEUDOR paga por esa cuota un recargo por mora de L __________',
    );
  });
});

describe('the shipped wording on a database that already has templates', () => {
  it('becomes the next version over an earlier shipped one, never over an admin’s', async () => {
    const versions = () =>
      t.deps.db
        .select()
        .from(documentTemplateVersions)
        .orderBy(asc(documentTemplateVersions.kind), desc(documentTemplateVersions.version));
    const shipped = Object.fromEntries(documentTemplateSeed.map((s) => [s.kind, s]));
    // As an older release left it: its own wording, current, written by no one.
    await t.deps.db.insert(documentTemplateVersions).values([
      { kind: 'contract', version: 2, title: 'Contrato de préstamo', body: '<p>Mil Pesos 00/100 M.N.</p>' },
      { kind: 'promissory_note', version: 2, title: 'Pagaré', body: '<p>Mil Pesos 00/100 M.N.</p>' },
    ]);
    const admin = await staffMember(t, 'admin');
    await saveTemplateVersion(t.deps, admin, 'promissory_note', {
      title: 'Pagaré propio',
      body: '<p>Yo, {{nombre}}, pagaré L {{total_a_pagar}}.</p>',
    });
    // A release with new wording: its hash is not seeded yet.
    await t.deps.db.execute('delete from reference_data_seeds');
    await seedReferenceData(t.deps.db);

    const rows = await versions();
    const current = (kind: string) => rows.find((r) => r.kind === kind)!;
    expect(current('contract')).toMatchObject({
      version: 3,
      body: shipped.contract!.body,
      createdByStaffId: null,
    });
    // The admin's wording stays current (it still validates: every placeholder it uses is known).
    expect(current('promissory_note')).toMatchObject({
      version: 3,
      title: 'Pagaré propio',
      createdByStaffId: admin.id,
    });
    expect(rows.filter((r) => r.kind === 'promissory_note').map((r) => r.version)).toEqual([3, 2, 1]);

    // Again: nothing new.
    await seedTemplateVersions(t.deps.db);
    expect(await versions()).toHaveLength(rows.length);
    // Requests from now on render the new current versions.
    const later = await requested();
    const docs = await t.deps.db.select().from(loanDocuments).where(eq(loanDocuments.loanId, later.loanId));
    expect(docs.map((d) => [d.kind, d.templateVersion]).sort()).toEqual([
      ['contract', 3],
      ['promissory_note', 3],
    ]);
  });
});

describe('the final plan', () => {
  it('is a PDF of the schedule dated from the disbursement, downloaded from /plan by its owner only', async () => {
    const owner = await requested();
    const stranger = await requested();
    const quote = (await t.deps.db.select().from(loans).where(eq(loans.id, owner.loanId)))[0]!.quote;
    expect((await listed(owner.sid, owner.loanId))!.plan_pdf_url).toBeNull();

    t.clock.set(nineAm('2026-11-28'));
    const analyst = (await staffWithRole(t, 'analyst')).browser;
    for (const loanId of [owner.loanId, stranger.loanId]) {
      expect((await analyst.post(`/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
    }
    t.clock.set(nineAm('2026-12-07'));
    const cashier = (await staffWithRole(t, 'cashier')).browser;
    for (const loanId of [owner.loanId, stranger.loanId]) {
      const res = await cashier.post(`/loans/${loanId}/disbursement`, {
        disbursedOn: DISBURSED_ON,
        reference: `TRF-${loanId}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const ownerSid = await sessionNow(t, owner.borrowerId);
    const strangerSid = await sessionNow(t, stranger.borrowerId);

    const url = (await listed(ownerSid, owner.loanId))!.plan_pdf_url!;
    expect(new URL(url).pathname).toBe(`/api/files/loans/${owner.loanId}/plan-de-pagos.pdf`);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`inline; filename="plan-de-pagos-${owner.loanId}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The instalments' real due dates (counted from 3 December), not the contract's from the request.
    const schedule = await t.deps.db
      .select()
      .from(instalments)
      .where(eq(instalments.loanId, owner.loanId))
      .orderBy(asc(instalments.position));
    expect(schedule).toHaveLength(3);
    const text = pdfText(res.rawPayload).replace(/\s+/g, '');
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    for (const expected of [
      'PLAN DE PAGOS DEFINITIVO',
      `Préstamo n.º ${owner.loanId}`,
      'Mil Lempiras con 00/100',
      `enviado el 3 de diciembre de 2026 (referencia TRF-${owner.loanId})`,
      'Las fechas de pago se cuentan desde el día del desembolso, el 3 de diciembre de 2026',
      '1 de 3',
      '3 de 3',
      '417.21',
      '1,251.63',
      'recargo por mora de L 100.00',
      'dentro de 3 días',
      'L 2.50 o menos',
      '0.1667 % diario',
      // The table's dates as every table writes them, dd/mm/aaaa (issue 35).
      ...schedule.map((i) => formatShortDate(i.dueDate)),
    ]) {
      expect(text).toContain(squeeze(expected));
    }
    for (const payment of quote.payments) {
      expect(schedule.map((i) => i.dueDate)).not.toContain(payment.dueDate);
      expect(text).not.toContain(squeeze(formatShortDate(payment.dueDate)));
    }
    // Rendered from what the disbursement fixed: the same file every time.
    expect((await get(url)).rawPayload.equals(res.rawPayload)).toBe(true);

    // Another borrower: not in their list, their own plan's signature opens only their loan, and
    // neither the contract's signature nor a forged one opens a plan.
    expect(await listed(strangerSid, owner.loanId)).toBeUndefined();
    const theirs = new URL((await listed(strangerSid, stranger.loanId))!.plan_pdf_url!);
    expect((await get(`${theirs.pathname}${theirs.search}`)).statusCode).toBe(200);
    const contract = new URL((await listed(ownerSid, owner.loanId))!.contract_pdf_url!);
    for (const path of [
      `/api/files/loans/${owner.loanId}/plan-de-pagos.pdf${theirs.search}`,
      `/api/files/loans/${owner.loanId}/plan-de-pagos.pdf${contract.search}`,
      `/api/files/loans/${owner.loanId}/plan-de-pagos.pdf?exp=${new URL(url).searchParams.get('exp')}&sig=forged`,
      `/api/files/loans/${owner.loanId}/plan-de-pagos.pdf`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
    // The link expires with its signature.
    t.clock.advance(16 * 60 * 1000);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('is no file for a loan not disbursed, even with a valid signature', async () => {
    const waiting = await requested();
    const { signedPlanPdfUrl } = await import('../src/services/loans/final-plan.ts');
    const res = await get(signedPlanPdfUrl(t.deps, waiting.loanId));
    expect(res.statusCode).toBe(404);
    const [row] = await t.deps.db
      .select()
      .from(loans)
      .where(and(eq(loans.id, waiting.loanId), eq(loans.status, 0)));
    expect(row).toBeDefined();
  });
});
