// Issue 32, "Security, second pass", point 6 (audit and privacy), on PGlite and on PostgreSQL
// (DATABASE_URL). docs/security.md, "Second pass", says what each part protects.
import { and, eq, like } from 'drizzle-orm';
import { LOAN_STATUS } from '@prestamos-hn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowerFiles, chatConversations, instalments, loans } from '../src/db/schema/index.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { postChat } from './support/chat.ts';
import { borrowerWithDisbursedLoan, paymentStaff, sendFirstReceipt, type Staff } from './support/payments.ts';
import { images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Borrower = Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
type Someone = Awaited<ReturnType<typeof staffWithRole>>;

let t: TestApp;
let staff: Staff;
let a: Borrower;
let b: Borrower;
let admin: Someone;
let analyst: Someone;
let cashier: Someone;
let supervisor: Someone;
let support: Someone;

beforeAll(async () => {
  t = await createTestApp();
  staff = await paymentStaff(t);
  a = await borrowerWithDisbursedLoan(t, staff);
  b = await borrowerWithDisbursedLoan(t, staff);
  // A third loan, late (8 Atrasado, its first instalment due on 2026-11-01): the collections CSV has a row.
  const late = await borrowerWithDisbursedLoan(t, staff);
  await t.deps.db.update(loans).set({ status: LOAN_STATUS.late }).where(eq(loans.id, late.loanId));
  await t.deps.db
    .update(instalments)
    .set({ dueDate: '2026-11-01' })
    .where(and(eq(instalments.loanId, late.loanId), eq(instalments.position, 1)));
  admin = await staffWithRole(t, 'admin');
  analyst = await staffWithRole(t, 'analyst');
  cashier = await staffWithRole(t, 'cashier');
  supervisor = await staffWithRole(t, 'supervisor');
  support = await staffWithRole(t, 'support');
});
afterAll(() => t.close());

/** The data lines of a CSV answer (its byte-order mark, header line and last line end left out). */
function csvRows(raw: Buffer): string[] {
  const lines = raw
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(1, -1);
}

const exportRows = () => t.deps.db.select().from(auditLog).where(like(auditLog.action, 'export.%'));

interface AuditItem {
  id: number;
  actorType: string;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  after: Record<string, unknown> | null;
}

describe('Second pass, 6. Audit and privacy', () => {
  it.each([
    {
      report: 'collections',
      path: '/collections/export?status=8',
      who: () => cashier,
      action: 'export.collections',
      entityId: 'collections',
      filters: { status: 8, bucket: null, asOf: '2026-11-22' },
      minRows: 1,
    },
    {
      report: 'portfolio weeks',
      path: '/portfolio/weeks',
      who: () => analyst,
      action: 'export.portfolio',
      entityId: 'portfolio.weeks',
      filters: { asOf: '2026-11-22' },
      minRows: 12,
    },
    {
      report: 'portfolio buckets',
      path: '/portfolio/buckets',
      who: () => supervisor,
      action: 'export.portfolio',
      entityId: 'portfolio.buckets',
      filters: { asOf: '2026-11-22' },
      minRows: 3,
    },
    {
      report: 'journal',
      path: '/accounting/journal.csv?from=2026-11-01&to=2026-11-30',
      who: () => admin,
      action: 'export.journal',
      entityId: 'journal',
      filters: { from: '2026-11-01', to: '2026-11-30' },
      minRows: 1,
    },
  ])(
    'the $report CSV export writes one audit row: who, the filters and the row count',
    async ({ path, who, action, entityId, filters, minRows }) => {
      const before = (await exportRows()).map((r) => r.id);
      const res = await who().browser.get(path);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/csv');
      const rows = csvRows(res.raw);
      expect(rows.length).toBeGreaterThanOrEqual(minRows);
      const written = (await exportRows()).filter((r) => !before.includes(r.id));
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        actorType: 'staff',
        actorId: String(who().id),
        action,
        entity: 'export',
        entityId,
      });
      expect(written[0]!.after).toMatchObject({ filters, rows: rows.length });
    },
  );

  it('the journal export counts every line it wrote (a disbursed loan is in the books)', async () => {
    const res = await admin.browser.get('/accounting/journal.csv?from=2026-11-22&to=2026-11-22');
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.raw);
    expect(rows.length).toBeGreaterThan(0);
    const [row] = (await exportRows()).sort((x, y) => y.id - x.id);
    expect(row!.after).toEqual({ filters: { from: '2026-11-22', to: '2026-11-22' }, rows: rows.length });
  });

  interface LoanFileAnswer {
    request: { ip: string | null; userAgent: string | null; latitude: number | null };
    documents: { ip: string | null; userAgent: string | null }[];
  }

  it.each(['cashier', 'supervisor', 'support'] as const)(
    "a %s's loan file has no request or acceptance IP, nor device (no borrowers.locations)",
    async (role) => {
      const who = { cashier, supervisor, support }[role];
      const res = await who.browser.get(`/loans/${a.loanId}`);
      expect(res.statusCode).toBe(200);
      const file = res.json as unknown as LoanFileAnswer;
      expect(file.request).toMatchObject({ ip: null, userAgent: null, latitude: null });
      expect(file.documents.length).toBeGreaterThan(0);
      for (const d of file.documents) expect(d).toMatchObject({ ip: null, userAgent: null });
      expect(JSON.stringify(file.request)).not.toMatch(/\d+\.\d+\.\d+\.\d+|::/);
    },
  );

  it("an analyst's loan file has the request and acceptance IPs (borrowers.locations)", async () => {
    const res = await analyst.browser.get(`/loans/${a.loanId}`);
    expect(res.statusCode).toBe(200);
    const file = res.json as unknown as LoanFileAnswer;
    expect(file.request.ip).toEqual(expect.any(String));
    expect(file.request.ip).not.toBe('');
    expect(file.documents.length).toBeGreaterThan(0);
    for (const d of file.documents) expect(d.ip).toEqual(expect.any(String));
  });

  /** Views of every kind of `borrower`'s data: the ids of the audit rows they wrote. */
  async function viewEverything(borrower: Borrower, reference: string): Promise<number[]> {
    const before = (await t.deps.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id);
    // A document, as the borrower uploaded it before the approval.
    const key = `borrowers/${borrower.borrowerId}/frente-${reference.toLowerCase()}`;
    await t.deps.integrations.fileStorage.put(key, images.jpeg, 'image/jpeg');
    await t.deps.db.insert(borrowerFiles).values({
      borrowerId: borrower.borrowerId,
      type: 18,
      storageKey: key,
      contentType: 'image/jpeg',
      size: images.jpeg.length,
    });
    const fileRes = await analyst.browser.get(`/borrowers/${borrower.borrowerId}`);
    expect(fileRes.statusCode).toBe(200);
    const documents = fileRes.json.documents as { url: string }[];
    expect(documents.length).toBeGreaterThan(0);
    const doc = await analyst.browser.get(documents[0]!.url.replace('/api/backoffice', ''));
    expect(doc.statusCode).toBe(200);
    expect((await cashier.browser.get(`/loans/${borrower.loanId}`)).statusCode).toBe(200);
    const receiptId = await sendFirstReceipt(t, borrower, reference);
    expect((await cashier.browser.get(`/receipts/${receiptId}/image`)).statusCode).toBe(200);
    expect((await postChat(t, borrower.sid, { text: 'Hola, una pregunta' })).json.status).toBe('OK');
    const [conversation] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.borrowerId, borrower.borrowerId));
    expect((await support.browser.get(`/chats/${conversation!.id}`)).statusCode).toBe(200);
    const after = await t.deps.db
      .select({ id: auditLog.id, action: auditLog.action, actorType: auditLog.actorType })
      .from(auditLog)
      .where(eq(auditLog.actorType, 'staff'));
    return after
      .filter(
        (r) =>
          !before.includes(r.id) &&
          ['borrower.view', 'view_documents', 'receipt.view', 'chat.view'].includes(r.action),
      )
      .map((r) => r.id);
  }

  const viewsOf = async (browser: StaffBrowser, borrowerId: number) =>
    browser.get(`/audit?viewsOfBorrower=${borrowerId}&pageSize=100`);

  it("the admins' filter finds every view of one borrower's data, of every kind, and none of another's", async () => {
    const ofA = await viewEverything(a, 'REF-A-6');
    const ofB = await viewEverything(b, 'REF-B-6');
    const res = await viewsOf(admin.browser, a.borrowerId);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const items = res.json.items as AuditItem[];
    const ids = items.map((i) => i.id);
    // Every view of A made above is there, of each kind; not one of B's.
    for (const id of ofA) expect(ids).toContain(id);
    for (const id of ofB) expect(ids).not.toContain(id);
    expect(new Set(items.map((i) => i.action))).toEqual(
      new Set(['borrower.view', 'view_documents', 'receipt.view', 'chat.view']),
    );
    // The loan file's opening is a view of the borrower's file too.
    expect(items.filter((i) => i.action === 'borrower.view').map((i) => i.actorId)).toContain(
      String(cashier.id),
    );
    // Only views, each about A (the borrower's row or a receipt of theirs), each by staff.
    for (const i of items) {
      expect(i.actorType).toBe('staff');
      const aboutA =
        (i.entity === 'borrower' && i.entityId === String(a.borrowerId)) ||
        i.after?.borrowerId === a.borrowerId;
      expect(aboutA, JSON.stringify(i)).toBe(true);
    }
    expect(res.json.total).toBe(items.length);
    // B's views are found with B's id.
    const ofBRes = await viewsOf(admin.browser, b.borrowerId);
    const bIds = (ofBRes.json.items as AuditItem[]).map((i) => i.id);
    for (const id of ofB) expect(bIds).toContain(id);
    for (const id of ofA) expect(bIds).not.toContain(id);
  });

  it.each(['analyst', 'cashier', 'supervisor', 'support'] as const)(
    'a %s asking for the views of a borrower is refused (403), whatever else they may read',
    async (role) => {
      const who = { analyst, cashier, supervisor, support }[role];
      expectError(await viewsOf(who.browser, a.borrowerId), 403, 'No tienes permiso para hacer esto.');
    },
  );

  it('an analyst still reads the audit list of borrowers without the filter', async () => {
    const res = await analyst.browser.get(`/audit?entity=borrower&entityId=${a.borrowerId}`);
    expect(res.statusCode).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'borrower'), eq(auditLog.entityId, String(a.borrowerId))));
    expect(res.json.total).toBe(rows.length);
  });
});
