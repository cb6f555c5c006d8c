// Issue 32, "Security, second pass", point 7, on PGlite and on PostgreSQL (DATABASE_URL):
// docs/security.md, "Second pass", says what it protects.
import {
  documentEvidence,
  loanMessages,
  type DocumentEvidence,
  type DocumentPreview,
} from '@prestamos-hn/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanDocuments, loans, notifications } from '../src/db/schema/index.ts';
import { currentTemplate, saveTemplateVersion } from '../src/services/loans/templates.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { borrowerReadyToApply, REQUEST, staffMember } from './support/loans.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: StaffMember;
beforeAll(async () => {
  // 09:00 in Tegucigalpa.
  t = await createTestApp({ now: '2026-11-22T15:00:00Z' });
  admin = await staffMember(t, 'admin');
});
afterAll(() => t.close());

/** Both documents as the borrower app previews them for `request`, and the evidence it sends. */
async function preview(sid: string, request: Record<string, unknown> = REQUEST) {
  const contract = (await expectOk(t.call('get_contractPre.php', { sid, ...request }))) as DocumentPreview;
  const promissoryNote = (await expectOk(
    t.call('get_pagarePre.php', { sid, ...request }),
  )) as DocumentPreview;
  return { contract, promissoryNote, evidence: await documentEvidence(contract, promissoryNote) };
}

const countOf = async (table: typeof loanDocuments | typeof auditLog) =>
  Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

/**
 * postOffer.php with `body` is refused with the documents message (the app reads them again), and
 * nothing is written: no loan (no container), no document, no audit row, no notification.
 */
async function expectRefused(sid: string, borrowerId: number, body: Record<string, unknown>) {
  const documentsBefore = await countOf(loanDocuments);
  const auditBefore = await countOf(auditLog);
  const answer = await expectEr(t.call('postOffer.php', { sid, ...body }), loanMessages.documentsChanged);
  expect(answer).not.toHaveProperty('container_id');
  expect(await t.deps.db.select().from(loans).where(eq(loans.borrowerId, borrowerId))).toEqual([]);
  expect(await countOf(loanDocuments)).toBe(documentsBefore);
  expect(await countOf(auditLog)).toBe(auditBefore);
  expect(
    await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, borrowerId)),
  ).toEqual([]);
}

/** One hex digit of `hash` changed. */
const flipped = (hash: string) => (hash[0] === '0' ? '1' : '0') + hash.slice(1);

describe('Second pass, 7. Contract evidence', () => {
  it('a request with the versions and SHA-256 of the previews is accepted and stores exactly them', async () => {
    const { sid } = await borrowerReadyToApply(t);
    const { contract, promissoryNote, evidence } = await preview(sid);
    // Hashed as received (UTF-8, Web Crypto, as the browser does): 64 lowercase hex digits.
    expect(evidence.contractSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence.promissoryNoteSha256).not.toBe(evidence.contractSha256);
    expect(contract.document_template).toMatch(/[áéíóúñ]/);

    const { container_id: loanId } = (await expectOk(
      t.call('postOffer.php', { sid, ...REQUEST, ...evidence }),
    )) as { container_id: number };
    const docs = await t.deps.db.select().from(loanDocuments).where(eq(loanDocuments.loanId, loanId));
    const stored = Object.fromEntries(docs.map((d) => [d.kind, d]));
    expect(stored.contract).toMatchObject({
      templateVersion: evidence.contractVersion,
      sha256: evidence.contractSha256,
      html: contract.document_template,
    });
    expect(stored.promissory_note).toMatchObject({
      templateVersion: evidence.promissoryNoteVersion,
      sha256: evidence.promissoryNoteSha256,
      html: promissoryNote.document_template,
    });
  });

  it('versions written as digits and hashes in capitals are the same evidence', async () => {
    const { sid } = await borrowerReadyToApply(t);
    const { evidence } = await preview(sid);
    await expectOk(
      t.call('postOffer.php', {
        sid,
        ...REQUEST,
        contractVersion: String(evidence.contractVersion),
        contractSha256: evidence.contractSha256.toUpperCase(),
        promissoryNoteVersion: ` ${evidence.promissoryNoteVersion} `,
        promissoryNoteSha256: evidence.promissoryNoteSha256,
      }),
    );
  });

  it.each<keyof DocumentEvidence>([
    'contractVersion',
    'contractSha256',
    'promissoryNoteVersion',
    'promissoryNoteSha256',
  ])('a request without %s is refused, writing nothing', async (field) => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const { evidence } = await preview(sid);
    const body: Record<string, unknown> = { ...REQUEST, ...evidence };
    delete body[field];
    await expectRefused(sid, borrowerId, body);
  });

  it.each<[string, (e: DocumentEvidence) => Partial<Record<keyof DocumentEvidence, unknown>>]>([
    ['a contract hash that is not hex', (e) => ({ contractSha256: e.contractSha256.replace(/./, 'g') })],
    ['a promissory note hash too short', (e) => ({ promissoryNoteSha256: e.promissoryNoteSha256.slice(1) })],
    ['a hash that is a number', () => ({ contractSha256: 12345 })],
    ['a version that is not a number', () => ({ contractVersion: 'uno' })],
    ['a version with decimals', (e) => ({ promissoryNoteVersion: e.promissoryNoteVersion + 0.5 })],
  ])('a request with %s is refused, writing nothing', async (_name, change) => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const { evidence } = await preview(sid);
    await expectRefused(sid, borrowerId, { ...REQUEST, ...evidence, ...change(evidence) });
  });

  it.each<[string, (e: DocumentEvidence) => Partial<DocumentEvidence>]>([
    ["the contract's hash changed by one digit", (e) => ({ contractSha256: flipped(e.contractSha256) })],
    [
      "the promissory note's hash changed by one digit",
      (e) => ({ promissoryNoteSha256: flipped(e.promissoryNoteSha256) }),
    ],
    [
      'the two hashes swapped',
      (e) => ({ contractSha256: e.promissoryNoteSha256, promissoryNoteSha256: e.contractSha256 }),
    ],
    ['an older contract version', (e) => ({ contractVersion: e.contractVersion - 1 })],
  ])('a request with %s is refused, writing nothing', async (_name, change) => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const { evidence } = await preview(sid);
    await expectRefused(sid, borrowerId, { ...REQUEST, ...evidence, ...change(evidence) });
  });

  it('a request for another amount or term than the previews is refused, writing nothing', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const { evidence } = await preview(sid);
    await expectRefused(sid, borrowerId, { ...REQUEST, amount: 2000, ...evidence });
    await expectRefused(sid, borrowerId, { ...REQUEST, period: 60, ...evidence });
    // Previewed again for L 2,000, it goes through.
    const again = await preview(sid, { ...REQUEST, amount: 2000 });
    await expectOk(t.call('postOffer.php', { sid, ...REQUEST, amount: 2000, ...again.evidence }));
  });

  it('a request read before a staff member saved a new template is refused until read again', async () => {
    const { sid, borrowerId } = await borrowerReadyToApply(t);
    const read = await preview(sid);

    // The contract edited after the preview: a new version and other HTML.
    const contract = await currentTemplate(t.deps.db, 'contract');
    await saveTemplateVersion(t.deps, admin, 'contract', {
      title: contract.title,
      body: `${contract.body}<p>Cláusula adicional.</p>`,
    });
    await expectRefused(sid, borrowerId, { ...REQUEST, ...read.evidence });
    // Even with the new version number, the hash of the HTML read is not the one stored now.
    await expectRefused(sid, borrowerId, {
      ...REQUEST,
      ...read.evidence,
      contractVersion: read.evidence.contractVersion + 1,
    });

    // The promissory note saved again unchanged: the same HTML, but the version read is not current.
    const note = await currentTemplate(t.deps.db, 'promissory_note');
    await saveTemplateVersion(t.deps, admin, 'promissory_note', { title: note.title, body: note.body });
    const reread = await preview(sid);
    expect(reread.promissoryNote.document_template).toBe(read.promissoryNote.document_template);
    expect(reread.evidence.promissoryNoteSha256).toBe(read.evidence.promissoryNoteSha256);
    await expectRefused(sid, borrowerId, {
      ...REQUEST,
      ...reread.evidence,
      promissoryNoteVersion: read.evidence.promissoryNoteVersion,
    });

    // Read again, both are accepted and stored as read.
    const { container_id: loanId } = (await expectOk(
      t.call('postOffer.php', { sid, ...REQUEST, ...reread.evidence }),
    )) as { container_id: number };
    const docs = await t.deps.db
      .select({ version: loanDocuments.templateVersion, sha256: loanDocuments.sha256 })
      .from(loanDocuments)
      .where(eq(loanDocuments.loanId, loanId))
      .orderBy(loanDocuments.kind);
    expect(docs).toEqual([
      { version: reread.evidence.contractVersion, sha256: reread.evidence.contractSha256 },
      { version: reread.evidence.promissoryNoteVersion, sha256: reread.evidence.promissoryNoteSha256 },
    ]);
    expect(reread.evidence.contractVersion).toBe(read.evidence.contractVersion + 1);
  });
});
