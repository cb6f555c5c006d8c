import { collectionAccountMessages, paymentMessages } from '@prestamos-hn/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, collectionAccounts, loanDocuments, receipts } from '../src/db/schema/index.ts';
import { BLANK, renderLoanDocument, SAMPLE_BORROWER } from '../src/services/loans/documents.ts';
import {
  collectionAccountServiceMessages,
  ensureDemoCollectionAccounts,
} from '../src/services/collection-accounts.ts';
import { outboxFor } from './support/accounts.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { borrowerReadyToApply, postOffer, REQUEST } from './support/loans.ts';
import { borrowerWithDisbursedLoan, depositPhoto, paymentStaff } from './support/payments.ts';
import { callMultipart, expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 35, point 1 ("Where to pay"), over HTTP: admins keep the lender's collection accounts
 * ('Cuentas de cobro', audited), every staff role reads them, the borrower's getCollectionAccounts.php
 * answers the active ones in order (session required), and the disbursement SMS and the contract
 * name them with the loan's number as the reference. Wednesday 25 November 2026, 09:00 in Tegucigalpa.
 */
let t: TestApp;
let admin: { browser: StaffBrowser; id: number };
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T15:00:00Z' });
  admin = await staffWithRole(t, 'admin');
});
afterAll(() => t.close());

interface Item {
  id: number;
  bankCode: number;
  bankName: string;
  accountNumber: string;
  holderName: string;
  active: boolean;
  sortOrder: number;
}

async function ok<T>(res: Promise<{ statusCode: number; json: Record<string, unknown> }>): Promise<T> {
  const answer = await res;
  expect(answer.statusCode, JSON.stringify(answer.json)).toBe(200);
  return answer.json as T;
}

const audits = () =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, 'collection_account'))
    .orderBy(asc(auditLog.id));

/** Ids of the accounts made in this file, so each test can start from its own known set. */
async function resetAccounts() {
  await t.deps.db.delete(collectionAccounts);
}

describe('Cuentas de cobro (staff API)', () => {
  it('an admin adds, edits and deactivates accounts, each change audited; every role reads them', async () => {
    await resetAccounts();
    const bac = await ok<{ account: Item }>(
      admin.browser.post('/collection-accounts', {
        bankCode: 2,
        accountNumber: ' 2001 2345 6 ',
        holderName: ' Préstamos HN S. A. ',
      }),
    );
    expect(bac.account).toMatchObject({
      bankCode: 2,
      bankName: 'BAC Credomatic',
      accountNumber: '200123456',
      holderName: 'Préstamos HN S. A.',
      active: true,
      sortOrder: 0,
    });
    const atlantida = await ok<{ account: Item }>(
      admin.browser.post('/collection-accounts', {
        bankCode: 1,
        accountNumber: '1100-2233-44',
        holderName: 'Préstamos HN S. A.',
      }),
    );
    expect(atlantida.account).toMatchObject({ bankName: 'Banco Atlántida', sortOrder: 1, active: true });

    const edited = await ok<{ account: Item }>(
      admin.browser.patch(`/collection-accounts/${atlantida.account.id}`, {
        sortOrder: 0,
        holderName: 'Otro',
      }),
    );
    expect(edited.account).toMatchObject({ sortOrder: 0, holderName: 'Otro' });
    const off = await ok<{ account: Item }>(
      admin.browser.patch(`/collection-accounts/${bac.account.id}`, { active: false, sortOrder: 5 }),
    );
    expect(off.account.active).toBe(false);

    for (const role of ['analyst', 'cashier', 'supervisor', 'support'] as const) {
      const { browser } = await staffWithRole(t, role);
      const list = await ok<{ items: Item[]; banks: { code: number; name: string }[] }>(
        browser.get('/collection-accounts'),
      );
      expect(list.banks).toContainEqual({ code: 2, name: 'BAC Credomatic' });
      expect(list.items.map((i) => [i.accountNumber, i.active])).toEqual([
        ['1100-2233-44', true],
        ['200123456', false],
      ]);
      expectError(
        await browser.post('/collection-accounts', { bankCode: 3, accountNumber: '5555', holderName: 'X' }),
        403,
      );
      expectError(await browser.patch(`/collection-accounts/${bac.account.id}`, { active: true }), 403);
    }

    const rows = await audits();
    expect(rows.map((r) => [r.action, r.actorId, r.entityId])).toEqual([
      ['collection_account.create', String(admin.id), String(bac.account.id)],
      ['collection_account.create', String(admin.id), String(atlantida.account.id)],
      ['collection_account.update', String(admin.id), String(atlantida.account.id)],
      ['collection_account.deactivate', String(admin.id), String(bac.account.id)],
    ]);
    expect(rows[2]!.before).toMatchObject({ holderName: 'Préstamos HN S. A.', sortOrder: 1 });
    expect(rows[2]!.after).toMatchObject({ holderName: 'Otro', sortOrder: 0 });
    expect(rows[3]!.after).toMatchObject({ active: false, sortOrder: 5 });
  });

  it('refuses a bad number, an unknown bank, a duplicate and an unknown account, in Spanish', async () => {
    await resetAccounts();
    const base = { bankCode: 2, accountNumber: '200123456', holderName: 'Préstamos HN' };
    await ok(admin.browser.post('/collection-accounts', base));
    expectError(
      await admin.browser.post('/collection-accounts', { ...base, accountNumber: '12a' }),
      400,
      collectionAccountMessages.accountNumber,
    );
    expectError(
      await admin.browser.post('/collection-accounts', { ...base, bankCode: 99 }),
      400,
      collectionAccountMessages.bank,
    );
    expectError(
      await admin.browser.post('/collection-accounts', { ...base, holderName: '  ' }),
      400,
      collectionAccountMessages.holderName,
    );
    expectError(
      await admin.browser.post('/collection-accounts', base),
      409,
      collectionAccountServiceMessages.exists,
    );
    expectError(
      await admin.browser.patch('/collection-accounts/999999', { active: false }),
      404,
      collectionAccountMessages.id,
    );
    expectError(await admin.browser.patch('/collection-accounts/1', {}), 400);
  });
});

describe('where the borrower pays', () => {
  async function twoAccounts() {
    await resetAccounts();
    await ok(
      admin.browser.post('/collection-accounts', {
        bankCode: 2,
        accountNumber: '200123456',
        holderName: 'Préstamos HN S. A.',
      }),
    );
    await ok(
      admin.browser.post('/collection-accounts', {
        bankCode: 1,
        accountNumber: '1100223344',
        holderName: 'Préstamos HN S. A.',
      }),
    );
    const off = await ok<{ account: Item }>(
      admin.browser.post('/collection-accounts', {
        bankCode: 3,
        accountNumber: '3000111',
        holderName: 'Cuenta vieja',
        active: false,
      }),
    );
    return off.account;
  }

  it('getCollectionAccounts.php answers the active accounts in order, only with a session', async () => {
    await twoAccounts();
    expect((await t.call('getCollectionAccounts.php', { sid: 'no-es-una-sesion' })).json.status).toBe('ERS');
    expect((await t.call('getCollectionAccounts.php', {})).json.status).toBe('ERS');
    const { sid } = await borrowerReadyToApply(t);
    const answer = await t.call('getCollectionAccounts.php', { sid });
    expect(answer.json).toEqual({
      status: 'OK',
      payload: [
        {
          bank: 2,
          bank_name: 'BAC Credomatic',
          account_number: '200123456',
          holder_name: 'Préstamos HN S. A.',
        },
        {
          bank: 1,
          bank_name: 'Banco Atlántida',
          account_number: '1100223344',
          holder_name: 'Préstamos HN S. A.',
        },
      ],
    });
  });

  it('the contract names the accounts (preview and stored), the SMS at disbursement names them and the reference', async () => {
    await twoAccounts();
    const borrower = await borrowerReadyToApply(t);
    const preview = await expectOk(t.call('get_contractPre.php', { sid: borrower.sid, ...REQUEST }));
    const named =
      'BAC Credomatic, cuenta 200123456 a nombre de Préstamos HN S. A.; Banco Atlántida, cuenta 1100223344 a nombre de Préstamos HN S. A.';
    expect(preview.document_template).toContain(named);
    expect(preview.document_template).not.toContain('3000111');
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
      container_id: number;
    };
    const [contract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(and(eq(loanDocuments.loanId, loanId), eq(loanDocuments.kind, 'contract')));
    expect(contract!.html).toContain(named);
    expect(contract!.html).toContain('escribirá como referencia el número de su préstamo');

    const analyst = (await staffWithRole(t, 'analyst')).browser;
    await ok(analyst.post(`/loans/${loanId}/decision`, { decision: 'approve' }));
    const cashier = (await staffWithRole(t, 'cashier')).browser;
    await ok(
      cashier.post(`/loans/${loanId}/disbursement`, { disbursedOn: '2026-11-25', reference: 'TRF-35' }),
    );
    const [who] = await t.deps.db
      .select({ phone: borrowers.mobPhone })
      .from(borrowers)
      .where(eq(borrowers.id, borrower.borrowerId));
    const [sms] = await outboxFor(t, who!.phone);
    expect(sms!.body).toContain(
      `Paga tus cuotas en BAC Credomatic 200123456 o Banco Atlántida 1100223344; escribe como referencia el número de tu préstamo: ${loanId}.`,
    );
    expect(sms!.body).not.toContain('3000111');
  });

  it('a contract rendered with no account leaves a blank', () => {
    const html = renderLoanDocument(
      { body: '<p>{{cuentas_de_pago}}</p>' },
      {
        borrower: SAMPLE_BORROWER,
        loan: null,
        date: '2026-11-25',
        city: null,
        brand: 'Préstamos HN',
        collectionAccounts: [],
      },
    );
    expect(html).toBe(`<p>${BLANK}</p>`);
  });
});

describe("'Enviar comprobante BAC' at any listed bank", () => {
  it('the receipt keeps the bank picked among the active accounts; none picked is BAC; another is refused', async () => {
    const inactive = await (async () => {
      await resetAccounts();
      await ok(
        admin.browser.post('/collection-accounts', {
          bankCode: 2,
          accountNumber: '200123456',
          holderName: 'HN',
        }),
      );
      await ok(
        admin.browser.post('/collection-accounts', {
          bankCode: 1,
          accountNumber: '1100223344',
          holderName: 'HN',
        }),
      );
      return ok<{ account: Item }>(
        admin.browser.post('/collection-accounts', {
          bankCode: 3,
          accountNumber: '3000111',
          holderName: 'HN',
          active: false,
        }),
      );
    })();
    const staff = await paymentStaff(t);
    const { sid, loanId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    const send = (reference: string, bank?: string) =>
      callMultipart(
        t,
        'send_recipemail.php',
        {
          sid,
          containerId: String(loanId),
          idpago: String(instalmentIds[0]),
          amount: '100',
          reference,
          ...(bank === undefined ? {} : { bank }),
        },
        [
          {
            field: 'DOC',
            data: depositPhoto(loanId, reference),
            filename: 'd.jpg',
            contentType: 'image/jpeg',
          },
        ],
      );
    await expectOk(send('ATL-1', '1'));
    await expectOk(send('BAC-1'));
    await expectEr(send('FIC-1', String(inactive.account.bankCode)), paymentMessages.unknownDepositBank);
    await expectEr(send('X-1', 'abc'), paymentMessages.unknownDepositBank);
    const rows = await t.deps.db
      .select({ reference: receipts.reference, bankCode: receipts.bankCode })
      .from(receipts)
      .where(eq(receipts.loanId, loanId))
      .orderBy(asc(receipts.id));
    expect(rows).toEqual([
      { reference: 'ATL-1', bankCode: 1 },
      { reference: 'BAC-1', bankCode: 2 },
    ]);
  });
});

describe('demo accounts', () => {
  it('are written once into an empty table outside production, never in production', async () => {
    await resetAccounts();
    await ensureDemoCollectionAccounts({ ...t.deps, config: { ...t.deps.config, isProduction: true } });
    expect(await t.deps.db.select().from(collectionAccounts)).toEqual([]);
    await ensureDemoCollectionAccounts({ ...t.deps, config: { ...t.deps.config, loopbackHost: true } });
    const rows = await t.deps.db.select().from(collectionAccounts).orderBy(asc(collectionAccounts.sortOrder));
    expect(rows.map((r) => [r.bankCode, r.accountNumber, r.holderName])).toEqual([
      [2, '200123456', t.deps.config.brandName],
      [1, '1100223344', t.deps.config.brandName],
    ]);
    // Edited by an admin (or emptied of active ones): never written again.
    await t.deps.db.update(collectionAccounts).set({ active: false });
    await ensureDemoCollectionAccounts({ ...t.deps, config: { ...t.deps.config, loopbackHost: true } });
    expect(await t.deps.db.select().from(collectionAccounts)).toHaveLength(2);
  });
});
