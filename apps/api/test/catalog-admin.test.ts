import { loanMessages } from '@prestamos-hn/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanDocuments, loans } from '../src/db/schema/index.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The catalogue through the staff API, as an admin's browser calls it: products and their price
 * lists, purposes, and the contract and promissory-note templates. What borrowers see and what
 * loans keep is read back through the borrower's own calls.
 */

let t: TestApp;
let admin: StaffBrowser;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-22T15:00:00Z' });
  ({ browser: admin, id: adminId } = await staffWithRole(t, 'admin'));
});
afterAll(() => t.close());

interface Product {
  id: number;
  name: string;
  description: string;
  periodType: string;
  active: boolean;
  price: Record<string, unknown>;
  termOptions: { days: number; payments: number }[];
  loans: number;
}
interface Purpose {
  id: number;
  title: string;
  active: boolean;
  loans: number;
}

const WEEKLY_PRICE = {
  minAmountCents: 50_000,
  maxAmountCents: 200_000,
  minDays: 7,
  maxDays: 21,
  annualRateBp: 7200,
  feeType: 'fixed',
  feeValue: 2_550,
} as const;
const MONTHLY_PRICE = { ...WEEKLY_PRICE, minDays: 30, maxDays: 90 };

/** A 200 answer's JSON, typed as the test reads it. */
async function ok<T = Record<string, unknown>>(
  res: Promise<{ statusCode: number; json: Record<string, unknown> }>,
): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, JSON.stringify(answer.json)).toBe(200);
  return answer.json as T;
}

async function requestLoan(body: Record<string, unknown> = REQUEST) {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...body }))) as {
    container_id: number;
  };
  return { ...borrower, loanId };
}

const loanRow = async (id: number) => (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!;

describe('products (admin)', () => {
  it('creates a product with its price list, edits it, retires it (gone for borrowers) and offers it again', async () => {
    const created = (await ok(
      admin.post('/products', {
        periodType: 'semanal',
        name: '  Préstamo semanal plus ',
        description: 'Pagos cada semana, de 1 a 3 semanas.',
        price: WEEKLY_PRICE,
      }),
    )) as { product: Product };
    const product = created.product;
    expect(product).toMatchObject({
      name: 'Préstamo semanal plus',
      periodType: 'semanal',
      active: true,
      loans: 0,
      // Left out, a new product gets one day of grace and L 1.00 of tolerance (decision 014).
      price: {
        ...WEEKLY_PRICE,
        productId: product.id,
        periodType: 'semanal',
        graceDays: 1,
        arrearsToleranceCents: 100,
      },
      termOptions: [
        { days: 7, payments: 1 },
        { days: 14, payments: 2 },
        { days: 21, payments: 3 },
      ],
    });
    const list = (await ok(admin.get('/products'))) as { items: Product[] };
    expect(list.items.map((p) => p.id)).toEqual(expect.arrayContaining([1, 2, 3, product.id]));

    // Borrowers are offered it at once, with its price list as the wire names it.
    const borrower = await borrowerReadyToApply(t);
    const offered = await expectOk(t.call('getApplicationProfilev2.php', { sid: borrower.sid }));
    expect(offered.Products_r).toContain(product.id);
    expect(
      (offered.PriceList as { data: { pricelistData: { ProCod: number }[] } }).data.pricelistData.find(
        (p) => p.ProCod === product.id,
      ),
    ).toEqual({
      ProCod: product.id,
      PriMntDes: 500,
      PriMntHas: 2000,
      PriTerDes: 7,
      PriTerHas: 21,
      PriInt: 72,
      PriCuoTip: 'Cantidad fija',
      PriCuo: 25.5,
    });

    const edited = (await ok(
      admin.patch(`/products/${product.id}`, { name: 'Préstamo semanal express', description: '' }),
    )) as { product: Product };
    expect(edited.product).toMatchObject({ name: 'Préstamo semanal express', description: '', active: true });

    const retired = (await ok(admin.patch(`/products/${product.id}`, { active: false }))) as {
      product: Product;
    };
    expect(retired.product.active).toBe(false);
    const after = await expectOk(t.call('getApplicationProfilev2.php', { sid: borrower.sid }));
    expect(after.Products_r).not.toContain(product.id);
    await expectEr(
      postOffer(t, {
        sid: borrower.sid,
        amount: 500,
        period: 7,
        purpose: 1,
        productId: product.id,
      }),
      loanMessages.productNotAllowed,
    );
    // Still listed for admins, retired.
    const listed = ((await ok(admin.get('/products'))) as { items: Product[] }).items;
    expect(listed.find((p) => p.id === product.id)).toMatchObject({ active: false });

    await ok(admin.patch(`/products/${product.id}`, { active: true }));
    expect(
      (await expectOk(t.call('getApplicationProfilev2.php', { sid: borrower.sid }))).Products_r,
    ).toContain(product.id);
    await expectOk(
      postOffer(t, {
        sid: borrower.sid,
        amount: 500,
        period: 14,
        purpose: 1,
        productId: product.id,
      }),
    );
    expect(
      ((await ok(admin.get('/products'))) as { items: Product[] }).items.find((p) => p.id === product.id),
    ).toMatchObject({ loans: 1 });

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(product.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['product.create', String(adminId)],
      ['product.update', String(adminId)],
      ['product.update', String(adminId)],
      ['product.update', String(adminId)],
    ]);
    await ok(admin.patch(`/products/${product.id}`, { active: false }));
  });

  it('refuses bad products and price lists with a Spanish 400, changing nothing', async () => {
    const before = await ok(admin.get('/products'));
    expectError(
      await admin.post('/products', { periodType: 'diario', name: 'X', price: WEEKLY_PRICE }),
      400,
      'Elige la periodicidad: semanal, quincenal o mensual.',
    );
    expectError(
      await admin.post('/products', { periodType: 'semanal', name: '   ', price: WEEKLY_PRICE }),
      400,
      'Escribe el nombre del producto (hasta 80 caracteres).',
    );
    expectError(
      await admin.post('/products', {
        periodType: 'semanal',
        name: 'Otro',
        price: { ...WEEKLY_PRICE, minAmountCents: 50_050 },
      }),
      400,
      'Los montos van en múltiplos de L 10: el mínimo mayor que cero y no mayor que el máximo (hasta L 1,000,000).',
    );
    expectError(
      await admin.patch('/products/3/price-list', { ...WEEKLY_PRICE, minDays: 40, maxDays: 50 }),
      400,
      'Con estos plazos el producto no ofrecería ningún plazo: revisa los días mínimo y máximo.',
    );
    expectError(
      await admin.patch('/products/3/price-list', { ...MONTHLY_PRICE, annualRateBp: 6000.5 }),
      400,
      'La tasa anual debe estar entre 0 % y 1000 %.',
    );
    expectError(
      await admin.patch('/products/3/price-list', { ...MONTHLY_PRICE, feeType: 'percent', feeValue: 20_000 }),
      400,
      'El gasto administrativo es una cantidad fija en centavos o un porcentaje del monto entre 0 % y 100 %.',
    );
    expectError(await admin.patch('/products/3', {}), 400, 'Indica qué cambiar.');
    expectError(await admin.patch('/products/9999', { active: false }), 404, 'No encontramos ese producto.');
    expectError(
      await admin.patch('/products/9999/price-list', WEEKLY_PRICE),
      404,
      'No encontramos ese producto.',
    );
    expect(await ok(admin.get('/products'))).toEqual(before);
  });

  it("a price-list change leaves an already requested loan's terms and quote as they were, and applies to the next request", async () => {
    const first = await requestLoan();
    const rowBefore = await loanRow(first.loanId);
    const invoiceBefore = await expectOk(t.call('getFactura.php', { sid: first.sid }));
    const deskBefore = (await ok(admin.post('/loans/search', { status: 0, pageSize: 100 }))) as {
      items: { id: number; totalCents: number }[];
    };

    const seeded = ((await ok(admin.get('/products'))) as { items: Product[] }).items.find(
      (p) => p.id === 3,
    )!;
    const { productId: _p, periodType: _period, ...seededPrice } = seeded.price;
    const newPrice = {
      ...seededPrice,
      minAmountCents: 200_000,
      annualRateBp: 9_000,
      feeType: 'fixed',
      feeValue: 5_000,
    };
    try {
      const changed = (await ok(admin.patch('/products/3/price-list', newPrice))) as { product: Product };
      expect(changed.product.price).toMatchObject(newPrice);

      // The loan already requested: same row (terms, quote, total), same invoice, same list entry.
      expect(await loanRow(first.loanId)).toEqual(rowBefore);
      expect(await expectOk(t.call('getFactura.php', { sid: first.sid }))).toEqual(invoiceBefore);
      const list = await expectOk(t.call('getCustomerOfferList.php', { sid: first.sid }));
      expect((list.loans as Record<string, unknown>)[String(first.loanId)]).toMatchObject({
        amount_limit: 1000,
        interest: 60,
      });
      const deskAfter = (await ok(
        admin.post('/loans/search', { status: 0, pageSize: 100 }),
      )) as typeof deskBefore;
      expect(deskAfter.items.find((l) => l.id === first.loanId)).toEqual(
        deskBefore.items.find((l) => l.id === first.loanId),
      );

      // The next request is checked and quoted with the new list: L 1,000 is now under the minimum.
      const next = await borrowerReadyToApply(t);
      const offered = await expectOk(t.call('getApplicationProfilev2.php', { sid: next.sid }));
      expect(
        (offered.PriceList as { data: { pricelistData: { ProCod: number }[] } }).data.pricelistData.find(
          (p) => p.ProCod === 3,
        ),
      ).toMatchObject({ PriMntDes: 2000, PriInt: 90, PriCuoTip: 'Cantidad fija', PriCuo: 50 });
      const refused = await postOffer(t, { sid: next.sid, ...REQUEST });
      expect(refused.json.status).toBe('ER');
      const { container_id: nextLoan } = (await expectOk(
        postOffer(t, { sid: next.sid, ...REQUEST, amount: 2000 }),
      )) as { container_id: number };
      expect(await loanRow(nextLoan)).toMatchObject({
        annualRateBp: 9_000,
        feeType: 'fixed',
        feeValue: 5_000,
      });
      expect(rowBefore).toMatchObject({ annualRateBp: 6_000, feeType: 'percent', feeValue: 500 });

      const [audit] = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'price_list.update'), eq(auditLog.entityId, '3')));
      expect(audit).toMatchObject({
        actorId: String(adminId),
        before: { annualRateBp: 6000 },
        after: { annualRateBp: 9000 },
      });
    } finally {
      await ok(admin.patch('/products/3/price-list', seededPrice));
    }
  });
});

describe('grace days and arrears tolerance (decision 014, point 2)', () => {
  it('seeded 1 and L 1.00, copied onto each loan at request: an edit changes the next loans only', async () => {
    const seeded = ((await ok(admin.get('/products'))) as { items: Product[] }).items.find(
      (p) => p.id === 3,
    )!;
    expect(seeded.price).toMatchObject({ lateFeeCents: 10_000, graceDays: 1, arrearsToleranceCents: 100 });
    const { productId: _p, periodType: _period, ...seededPrice } = seeded.price;
    const first = await requestLoan();
    expect(await loanRow(first.loanId)).toMatchObject({ graceDays: 1, arrearsToleranceCents: 100 });
    try {
      const changed = (await ok(
        admin.patch('/products/3/price-list', { ...seededPrice, graceDays: 3, arrearsToleranceCents: 500 }),
      )) as { product: Product };
      expect(changed.product.price).toMatchObject({ graceDays: 3, arrearsToleranceCents: 500 });
      // Left out of an edit, they stay as they are.
      const { graceDays: _g, arrearsToleranceCents: _a, ...withoutThem } = seededPrice;
      const kept = (await ok(admin.patch('/products/3/price-list', withoutThem))) as { product: Product };
      expect(kept.product.price).toMatchObject({ graceDays: 3, arrearsToleranceCents: 500 });

      const next = await requestLoan();
      expect(await loanRow(next.loanId)).toMatchObject({ graceDays: 3, arrearsToleranceCents: 500 });
      expect(await loanRow(first.loanId)).toMatchObject({ graceDays: 1, arrearsToleranceCents: 100 });
      // The loan file shows the loan's own copy beside the late fee.
      const file = await ok<{ terms: Record<string, unknown> }>(admin.get(`/loans/${next.loanId}`));
      expect(file.terms).toMatchObject({ lateFeeCents: 10_000, graceDays: 3, arrearsToleranceCents: 500 });
      const older = await ok<{ terms: Record<string, unknown> }>(admin.get(`/loans/${first.loanId}`));
      expect(older.terms).toMatchObject({ graceDays: 1, arrearsToleranceCents: 100 });

      const [audit] = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'price_list.update'), eq(auditLog.entityId, '3')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit).toMatchObject({
        before: { graceDays: 3 },
        after: { graceDays: 3, arrearsToleranceCents: 500 },
      });

      const before = await ok(admin.get('/products'));
      const grace = 'Los días de gracia son un número entero de 0 a 60.';
      const tolerance = 'La tolerancia de mora es una cantidad fija entre L 0 y L 1,000.';
      for (const [change, message] of [
        [{ graceDays: 61 }, grace],
        [{ graceDays: -1 }, grace],
        [{ graceDays: 1.5 }, grace],
        [{ graceDays: '2' }, grace],
        [{ arrearsToleranceCents: 100_001 }, tolerance],
        [{ arrearsToleranceCents: -100 }, tolerance],
        [{ arrearsToleranceCents: 10.5 }, tolerance],
      ] as const) {
        expectError(await admin.patch('/products/3/price-list', { ...seededPrice, ...change }), 400, message);
      }
      expect(await ok(admin.get('/products'))).toEqual(before);
    } finally {
      await ok(admin.patch('/products/3/price-list', seededPrice));
    }
  });
});

describe('purposes (admin)', () => {
  it('creates, renames, retires (no longer offered, refused in a request) and offers again a purpose', async () => {
    const created = (await ok(admin.post('/purposes', { title: ' Compra de mercadería ' }))) as {
      purpose: Purpose;
    };
    expect(created.purpose).toMatchObject({ title: 'Compra de mercadería', active: true, loans: 0 });
    const id = created.purpose.id;
    const borrower = await borrowerReadyToApply(t);
    const offered = () =>
      expectOk(t.call('getPurposeList.php', { sid: borrower.sid })) as unknown as Promise<
        { id: number; title: string }[]
      >;
    expect(await offered()).toContainEqual({ id, title: 'Compra de mercadería' });

    const renamed = (await ok(
      admin.patch(`/purposes/${id}`, { title: 'Compra de mercadería al por mayor' }),
    )) as {
      purpose: Purpose;
    };
    expect(renamed.purpose.title).toBe('Compra de mercadería al por mayor');

    await ok(admin.patch(`/purposes/${id}`, { active: false }));
    expect((await offered()).map((p) => p.id)).not.toContain(id);
    await expectEr(postOffer(t, { sid: borrower.sid, ...REQUEST, purpose: id }), 'Seleccione una opción.');
    const listed = ((await ok(admin.get('/purposes'))) as { items: Purpose[] }).items;
    expect(listed.find((p) => p.id === id)).toMatchObject({ active: false, loans: 0 });

    await ok(admin.patch(`/purposes/${id}`, { active: true }));
    await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST, purpose: id }));
    expect(
      ((await ok(admin.get('/purposes'))) as { items: Purpose[] }).items.find((p) => p.id === id),
    ).toMatchObject({ active: true, loans: 1 });

    expectError(
      await admin.post('/purposes', { title: '' }),
      400,
      'Escribe el propósito (hasta 80 caracteres).',
    );
    expectError(
      await admin.patch(`/purposes/${id}`, { title: 'x'.repeat(81) }),
      400,
      'Escribe el propósito (hasta 80 caracteres).',
    );
    expectError(await admin.patch('/purposes/9999', { active: false }), 404, 'No encontramos ese propósito.');
  });
});

interface Templates {
  placeholders: string[];
  items: {
    kind: string;
    current: { version: number; title: string; body: string; createdBy: string | null } | null;
    versions: { version: number }[];
  }[];
}

describe('document templates (admin)', () => {
  it('saving makes a new version, used by requests made afterwards; older loans keep theirs', async () => {
    const before = await ok<Templates>(admin.get('/templates'));
    expect(before.placeholders).toEqual(expect.arrayContaining(['nombre', 'monto', 'plan_de_pagos']));
    const contract = before.items.find((i) => i.kind === 'contract')!;
    expect(contract.current).toMatchObject({ version: 1, title: 'Contrato de préstamo', createdBy: null });

    const older = await requestLoan();
    const [olderContract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(and(eq(loanDocuments.loanId, older.loanId), eq(loanDocuments.kind, 'contract')));
    expect(olderContract!.templateVersion).toBe(1);

    const body = `${contract.current!.body}<p>DÉCIMA. Cláusula agregada por {{marca}}.</p>`;
    const saved = (await ok(
      admin.post('/templates/contract/versions', { title: 'Contrato de préstamo', body }),
    )) as { template: { kind: string; version: number; body: string } };
    expect(saved.template).toMatchObject({ kind: 'contract', version: 2, body });

    const after = await ok<Templates>(admin.get('/templates'));
    const history = after.items.find((i) => i.kind === 'contract')!;
    expect(history.current).toMatchObject({ version: 2, body });
    expect(history.current!.createdBy).toBeTypeOf('string');
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
    // The promissory note is untouched.
    expect(after.items.find((i) => i.kind === 'promissory_note')!.versions.map((v) => v.version)).toEqual([
      1,
    ]);

    const newer = await requestLoan();
    const [newerContract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(and(eq(loanDocuments.loanId, newer.loanId), eq(loanDocuments.kind, 'contract')));
    expect(newerContract!.templateVersion).toBe(2);
    expect(newerContract!.html).toContain('DÉCIMA. Cláusula agregada por');

    const [olderAgain] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(and(eq(loanDocuments.loanId, older.loanId), eq(loanDocuments.kind, 'contract')));
    expect(olderAgain).toEqual(olderContract);
    const list = await expectOk(t.call('getCustomerOfferList.php', { sid: older.sid }));
    const stored = (list.loans as Record<string, { contract_content: string }>)[String(older.loanId)]!;
    expect(stored.contract_content).toBe(olderContract!.html);
    expect(stored.contract_content).not.toContain('DÉCIMA');
  });

  it('previews a draft sanitised (no script) with the sample borrower, listing unknown placeholders', async () => {
    const preview = (await ok(
      admin.post('/templates/promissory_note/preview', {
        title: 'Pagaré (borrador)',
        body: '<p onclick="robar()">Debo L {{total_a_pagar}} a {{marca}} {{sueldo}}</p><script>alert(1)</script><img src=x onerror="alert(1)">',
      }),
    )) as { kind: string; title: string; html: string; unknownPlaceholders: string[] };
    expect(preview).toMatchObject({
      kind: 'promissory_note',
      title: 'Pagaré (borrador)',
      unknownPlaceholders: ['sueldo'],
    });
    expect(preview.html).toMatch(/^<p>Debo L 1,251\.63 a .+ \{\{sueldo\}\}<\/p>$/);
    expect(preview.html).not.toMatch(/script|onclick|onerror|<img/);

    // Without a body: the current version, rendered.
    const current = (await ok(admin.post('/templates/promissory_note/preview', {}))) as { html: string };
    expect(current.html).toContain('KARLA PATRICIA MARTINEZ REYES');
    expect(current.html).not.toContain('{{');
  });

  it('refuses unknown placeholders, an empty body and an unknown kind, in Spanish, saving nothing', async () => {
    const before = await ok(admin.get('/templates'));
    expectError(
      await admin.post('/templates/contract/versions', {
        title: 'Contrato',
        body: '<p>{{nombre}} gana {{sueldo}} en {{empresa}}</p>',
      }),
      400,
      'La plantilla usa campos que no existen: {{sueldo}}, {{empresa}}.',
    );
    expectError(
      await admin.post('/templates/contract/versions', { title: 'Contrato', body: '<script>x</script>' }),
      400,
      'Escribe el texto de la plantilla (hasta 100.000 caracteres).',
    );
    expectError(
      await admin.post('/templates/contract/versions', { title: ' ', body: '<p>{{nombre}}</p>' }),
      400,
      'Escribe un título de hasta 120 caracteres.',
    );
    expectError(
      await admin.post('/templates/recibo/versions', { title: 'Recibo', body: '<p>x</p>' }),
      404,
      'No encontramos esa plantilla.',
    );
    expectError(await admin.post('/templates/recibo/preview', {}), 404, 'No encontramos esa plantilla.');
    expect(await ok(admin.get('/templates'))).toEqual(before);
  });
});

describe('who may manage the catalogue', () => {
  it.each(['analyst', 'cashier', 'support'] as const)(
    '%s: 403 on every row, nothing changed',
    async (role) => {
      const { browser } = await staffWithRole(t, role);
      const products = await ok(admin.get('/products'));
      for (const res of [
        await browser.get('/products'),
        await browser.post('/products', { periodType: 'semanal', name: 'X', price: WEEKLY_PRICE }),
        await browser.patch('/products/3', { active: false }),
        await browser.patch('/products/3/price-list', WEEKLY_PRICE),
        await browser.get('/purposes'),
        await browser.post('/purposes', { title: 'X' }),
        await browser.patch('/purposes/1', { active: false }),
        await browser.get('/templates'),
        await browser.post('/templates/contract/versions', { title: 'X', body: '<p>x</p>' }),
        await browser.post('/templates/contract/preview', {}),
      ]) {
        expectError(res, 403, 'No tienes permiso para hacer esto.');
      }
      expect(await ok(admin.get('/products'))).toEqual(products);
    },
  );
});
