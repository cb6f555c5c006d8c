import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { isNull } from 'drizzle-orm';
import pg from 'pg';
import { documentEvidence, type DocumentPreview } from '@prestamos-hn/contract';
import { buildApp } from '../../src/app.ts';
import { manualClock } from '../../src/clock.ts';
import { DEMO_ADMIN, loadConfig } from '../../src/config.ts';
import { migrateDatabase, openPostgres, wrapPglite, type Database } from '../../src/db/client.ts';
import { documentTemplateVersions, referenceDataSeeds } from '../../src/db/schema/index.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { createIntegrations } from '../../src/integrations/index.ts';
import type { Deps } from '../../src/services/deps.ts';
import { runMissedDates } from '../../src/services/servicing/daily-run.ts';
import { ensureFirstAdmin } from '../../src/services/staff/staff-accounts.ts';
import { jose, karla, PASSWORD } from '../support/accounts.ts';
import { withDatabase } from '../support/database-url.ts';
import { evidenceFor, SAN_PEDRO_SULA, TEGUCIGALPA } from '../support/loans.ts';
import { jpegSegment, pngChunk, webpChunk, webpFile, type UploadPart } from '../support/profile.ts';
import { dependentsWho, mandatoryFields, stage2 } from '../support/profile-values.ts';
import { testSettings } from '../support/test-settings.ts';
import { BorrowerPhone, ReplayClient, StaffBrowser, type ReplayTarget } from './client.ts';
import { Normalizer } from './normalizer.ts';
import { compareRecordings, type Comparison, type Recording } from './recording.ts';

// The API replay: a fixed sequence of about 260 requests through the real app (HTTP via
// app.inject) on a fresh database with a manual clock, recorded answer by answer, so that a
// refactor that must not change behaviour can prove the API answers byte for byte the same.
// `npm run replay:api -- --record FILE` records; `--check FILE` replays and compares
// (scripts/replay-api.ts); apps/api/test/replay.test.ts checks the committed baseline.
//
// Deterministic by construction: the clock is a manual clock (it never moves by itself; the
// scenario sets it), the database starts from the migrations and seed, every outside party is a
// simulator, the document and receipt photos are built from fixed bytes, document URLs are signed
// with the tests' fixed FILE_URL_SECRET, each actor calls from a fixed client IP, and the seeded
// template versions (dated by the database's now() when seeded) are dated REPLAY_START. What is random
// by construction (session ids, cookies, CSRF tokens, one-time codes, e-mailed tokens, chat tickets)
// is replaced by numbered placeholders: normalizer.ts lists each one.

export type { ReplayTarget } from './client.ts';
export { compareRecordings, type Comparison, type Recording } from './recording.ts';

/** The clock's start: Monday 2026-11-23, 09:00 in Tegucigalpa. */
export const REPLAY_START = '2026-11-23T15:00:00Z';

/** Where the committed baseline lives, from the repository's root. */
export const BASELINE_PATH = 'apps/api/test/replay/baseline.json';

const ABOUT =
  'Answers of the API to the fixed requests of apps/api/test/replay/replay.ts, normalized (normalizer.ts). ' +
  'Re-record on purpose only: npm run replay:api -- --record apps/api/test/replay/baseline.json';

/**
 * The real app on a fresh migrated and seeded database, built as the API tests' createTestApp
 * builds it (support/test-app.ts: the same settings, simulators and a manual clock at
 * REPLAY_START): PGlite, or a new database on the PostgreSQL server of DATABASE_URL. For the script;
 * the test uses createTestApp itself, so both paths are checked against one baseline.
 */
export async function openReplayApp(): Promise<ReplayTarget & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-replay-'));
  // The outbox on, as `npm start` has it: the scenario reads its codes there.
  const config = loadConfig({ ...testSettings(dataDir), DEV_OUTBOX: '1' });
  const database = await openFreshDatabase();
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const clock = manualClock(REPLAY_START);
  const integrations = createIntegrations(config);
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    clock,
    integrations,
    logger: false,
  });
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  const deps: Deps = { config, db: database.db, clock, integrations, log: silent };
  return {
    app,
    clock,
    deps,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** In-memory PGlite, or (with DATABASE_URL) a new database on that server, dropped at close. */
async function openFreshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return wrapPglite(new PGlite());
  const name = `prestamos_replay_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const database = await openPostgres(withDatabase(url, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function readRecording(file: string): Recording {
  return JSON.parse(readFileSync(file, 'utf8')) as Recording;
}

/**
 * Replays against `expected`: the comparison, with the replay's own failure (a request the scenario
 * needed answered otherwise) reported after the answers recorded up to it.
 */
export async function checkReplay(target: ReplayTarget, expected: Recording): Promise<Comparison> {
  const { recording, error } = await runReplay(target);
  const comparison = compareRecordings(expected, recording);
  if (!error) return comparison;
  const stopped = `The replay stopped after request ${recording.count}: ${error instanceof Error ? error.message : String(error)}`;
  return comparison.identical
    ? { identical: false, index: recording.count, report: stopped }
    : { ...comparison, report: `${comparison.report}\n\n${stopped}` };
}

/** Runs the scenario; on a failure half way, the answers recorded so far and the error. */
export async function runReplay(target: ReplayTarget): Promise<{ recording: Recording; error?: unknown }> {
  const client = new ReplayClient(target, new Normalizer());
  let error: unknown;
  try {
    await scenario(client);
  } catch (e) {
    error = e;
  }
  const recording: Recording = {
    about: ABOUT,
    start: new Date(REPLAY_START).toISOString(),
    count: client.answers.length,
    answers: client.answers,
  };
  return error === undefined ? { recording } : { recording, error };
}

// ---------------------------------------------------------------------------------------------
// Fixed inputs.

/** Well-formed image files of fixed bytes (the server reads their structure, not their pixels). */
const filler = (seed: string, length: number) => {
  const bytes = Buffer.alloc(length);
  let block = createHash('sha256').update(seed).digest();
  for (let i = 0; i < length; i += block.length) {
    block.copy(bytes, i);
    block = createHash('sha256').update(block).digest();
  }
  return bytes;
};
const png = (seed: string) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    pngChunk('IDAT', filler(seed, 64)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
const jpeg = (seed: string) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    jpegSegment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    filler(seed, 64).map((b) => (b === 0xff ? 0 : b)),
    Buffer.from([0xff, 0xd9]),
  ]);
const webp = (seed: string) => webpFile(webpChunk('VP8 ', filler(seed, 64)));

const documentsOf = (who: string): UploadPart[] => [
  { field: 'file1', data: jpeg(`${who}-frente`), filename: 'frente.jpg', contentType: 'image/jpeg' },
  { field: 'file2', data: png(`${who}-reverso`), filename: 'reverso.png', contentType: 'image/png' },
  { field: 'file3', data: webp(`${who}-recibo`), filename: 'recibo.webp', contentType: 'image/webp' },
  { field: 'file4', data: jpeg(`${who}-selfie`), filename: 'selfie.jpg', contentType: 'image/jpeg' },
];

/** The request of the API suite: L 1,000 over 90 days, monthly product 3, purpose 1. */
const REQUEST = { amount: 1000, period: 90, purpose: 1, productId: 3 } as const;

/**
 * postOffer.php's body as the app sends it: `request` with the evidence of the documents the phone
 * previews for it (support/loans.ts, `evidenceFor`; issue 32 point 7).
 */
const withEvidence = async (phone: BorrowerPhone, request: Record<string, unknown>) => ({
  ...request,
  ...(await evidenceFor((file, body) => phone.call(file, body), request)),
});

const STAFF_PASSWORD = 'Personal#2026';
/** The first admin the server creates outside production (ensureFirstAdmin). */
const ADMIN = DEMO_ADMIN;
const staffEmail = (role: string) => `${role}.replay@prestamos.test`;

const at = (client: ReplayClient, iso: string) => client.target.clock.set(iso);

// ---------------------------------------------------------------------------------------------
// The scenario. Each `client.step = …` names the answers after it in the recording.

interface ProfileAnswer {
  data: { customer_id: number };
  /** The documents: the selfie's `dir` is a signed URL, the others' a file name. */
  files: { type: number; dir: string }[];
}
interface ListItem {
  id: number;
}

async function scenario(client: ReplayClient): Promise<void> {
  const { deps } = client.target;
  // The seed wrote the real time of its run (the database's now()) on the shipped template
  // versions, which /templates answers: they are dated REPLAY_START, as if seeded then.
  const seededAt = new Date(REPLAY_START);
  await deps.db
    .update(documentTemplateVersions)
    .set({ createdAt: seededAt })
    .where(isNull(documentTemplateVersions.createdByStaffId));
  await deps.db.update(referenceDataSeeds).set({ seededAt });
  // The server's start: the first admin from the (demo) settings, and the first daily run.
  await ensureFirstAdmin(deps);
  await runMissedDates(deps);

  const anon = new BorrowerPhone(client, '10.20.0.9');
  const k = new BorrowerPhone(client, '10.20.0.1');
  const j = new BorrowerPhone(client, '10.20.0.2');

  client.step = 'public calls and census';
  await anon.get('/api/health');
  await anon.get(`/api/app/validardatoscenso.php?numero_identidad=${karla.UsrDNI}`);
  await anon.get('/api/app/validardatoscenso.php?numero_identidad=0801199999999');
  await anon.get('/api/app/validardatoscenso.php?numero_identidad=12');
  await anon.call('getProfile.php', { sid: 'no-es-una-sesion' });
  await anon.raw('getProfile.php', '{"sid": ');
  await anon.call('noExiste.php', {});

  client.step = 'karla registers';
  await k.ok('otp_cre.php', { UsrTel: karla.UsrTel });
  const code = await client.latestCode(karla.UsrTel);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  client.normalizer.secret('code', wrong);
  await k.call('otp_cmp.php', { UsrTel: karla.UsrTel, OtpCod: wrong });
  await k.ok('otp_cmp.php', { UsrTel: karla.UsrTel, OtpCod: code });
  await k.call('register.php', { ...karla, UsrPwd: '123' });
  k.sid = (await k.ok<{ sid: string }>('register.php', karla)).sid;
  await new BorrowerPhone(client, '10.20.0.9').call('register.php', karla);
  await k.ok('getAccount.php');
  const validation = await client.latestLink(karla.UsrMail);
  const mailToken = /#\/validarmail\/([A-Za-z0-9_-]+)$/.exec(validation.href)?.[1] ?? '';
  client.normalizer.secret('mail-token', mailToken);
  await k.get(`/api/app/validatemail.php?code=${encodeURIComponent(mailToken)}`);
  await k.get(`/api/app/validatemail.php?code=${encodeURIComponent(mailToken)}`);
  await k.ok('getAccount.php');

  client.step = 'karla fills in her profile';
  await k.call('register2.php', { ...stage2, UsrIng: 'mucho' });
  await k.ok('register2.php', stage2);
  const lists = await k.ok<{ ubs: { DepCod: string; MunCod: string; LocCod: string }[] }>('getLocations.php');
  const ub = lists.ubs.find((u) => u.MunCod === '0801') ?? lists.ubs[0]!;
  const place = { region: ub.DepCod, county: ub.MunCod, city: ub.LocCod };
  await k.ok('getFieldConstructor.php');
  await k.ok('getProfile.php');
  await k.call('putProfile.php', {
    array: { ...mandatoryFields(place), dependents_who: dependentsWho, customer_id: 7 },
  });
  await k.ok('putProfile.php', { array: { ...mandatoryFields(place), dependents_who: dependentsWho } });
  await k.call('putProfile.php', { array: { ref_tel_per: '123' } });
  await k.ok('get_bankaccount.php');
  await k.ok('getCSAS.php');
  await k.call('send_confirmdata.php');
  await k.upload('putProfileFile.php', {}, [
    {
      field: 'file1',
      data: Buffer.from('<!doctype html><html></html>'),
      filename: 'x.html',
      contentType: 'text/html',
    },
  ]);
  await k.upload('putProfileFile.php', {}, documentsOf('karla'));
  await k.ok('send_confirmdata.php');
  const karlaProfile = await k.ok<ProfileAnswer>('getProfile.php');
  const karlaId = karlaProfile.data.customer_id;
  const selfieUrl = new URL(karlaProfile.files.find((f) => f.dir.startsWith('http'))!.dir);
  const selfieId = Number(/\/api\/files\/(\d+)$/.exec(selfieUrl.pathname)![1]);
  await k.get(selfieUrl.pathname + selfieUrl.search);
  await k.get(`/api/files/${selfieId}?exp=1&sig=firma-falsa`);
  await k.call('putProfile.php', { array: { income: 20000 } });
  await k.call('postOffer.php', await withEvidence(k, REQUEST));

  client.step = 'karla logs out and in again';
  await k.ok('logout.php');
  await k.call('getProfile.php');
  k.sid = undefined;
  await k.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: 'Equivocada#1' });
  k.sid = (await k.ok<{ sid: string }>('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).sid;
  await k.call('getProfile.php');
  const loginCode = await client.latestCode(karla.UsrTel);
  k.sid = (await k.ok<{ sid: string }>('otp_cmp_login.php', { OtpLNum: loginCode })).sid;
  await k.ok('getAccount.php');

  client.step = 'jose registers and sends his profile';
  await j.ok('otp_cre.php', { UsrTel: jose.UsrTel });
  await j.ok('otp_cmp.php', { UsrTel: jose.UsrTel, OtpCod: await client.latestCode(jose.UsrTel) });
  j.sid = (await j.ok<{ sid: string }>('register.php', jose)).sid;
  await j.call('register2.php', { ...stage2, UsrBanNum: '27182818', UsrTipCli: 'negocio' });
  await j.ok('register2.php', {
    ...stage2,
    UsrBanNum: '27182818',
    UsrTipCli: 'comerciante',
    UsrBussines: 'pulperia',
  });
  await j.ok('putProfile.php', {
    array: { ...mandatoryFields(place), dependents_who: dependentsWho, workplace: 'Pulpería La Esperanza' },
  });
  await j.upload('putProfileFile.php', {}, documentsOf('jose'));
  await j.ok('send_confirmdata.php');
  const joseId = (await j.ok<ProfileAnswer>('getProfile.php')).data.customer_id;

  // Half an hour later (sessions stay within their idle limits: 60 minutes, the staff's 30).
  at(client, '2026-11-23T15:30:00Z');
  client.step = 'staff log in';
  const nobody = new StaffBrowser(client, '10.30.0.9');
  await nobody.get('/auth/me');
  await nobody.post('/auth/login', { email: ADMIN.email, password: 'Equivocada#1' });
  await nobody.post('/auth/login', { email: 'no-es-un-correo', password: 'x' });
  await nobody.post('/auth/code', { code: '123456' });
  await nobody.get('/dashboard');
  await nobody.get('/no-existe');
  const admin = new StaffBrowser(client, '10.30.0.1');
  client.target.clock.advance(61_000);
  await admin.ok('POST', '/auth/login', ADMIN);
  const adminCode = await client.latestCode(ADMIN.email);
  const adminWrong = String((Number(adminCode) + 1) % 1_000_000).padStart(6, '0');
  client.normalizer.secret('code', adminWrong);
  await admin.post('/auth/code', { code: adminWrong });
  admin.csrfToken = (
    await admin.ok<{ csrfToken: string }>('POST', '/auth/code', { code: adminCode })
  ).csrfToken;
  await admin.ok('GET', '/auth/me');

  client.step = 'admin creates the staff';
  for (const [role, name] of [
    ['analyst', 'Ana Analista'],
    ['cashier', 'Carlos Cajero'],
    ['support', 'Sofía Soporte'],
  ] as const) {
    await admin.ok('POST', '/staff', { email: staffEmail(role), name, role, password: STAFF_PASSWORD });
  }
  await admin.post('/staff', {
    email: staffEmail('analyst'),
    name: 'Otra',
    role: 'analyst',
    password: STAFF_PASSWORD,
  });
  await admin.post('/staff', {
    email: 'nuevo@prestamos.test',
    name: 'Nuevo',
    role: 'jefe',
    password: STAFF_PASSWORD,
  });
  await admin.post(
    '/staff',
    { email: 'nuevo@prestamos.test', name: 'Nuevo', role: 'analyst', password: STAFF_PASSWORD },
    { noCsrf: true },
  );
  await admin.post('/staff', undefined, { rawBody: '{"email": "nuevo@prestamos.test",' });
  await admin.ok('GET', '/staff');
  await admin.patch('/staff/99999', { name: 'Nadie' });
  await admin.ok('GET', '/products');
  await admin.ok('GET', '/purposes');
  await admin.ok('GET', '/templates');

  const analyst = new StaffBrowser(client, '10.30.0.2');
  const cashier = new StaffBrowser(client, '10.30.0.3');
  const support = new StaffBrowser(client, '10.30.0.4');
  await analyst.logIn(staffEmail('analyst'), STAFF_PASSWORD);
  await cashier.logIn(staffEmail('cashier'), STAFF_PASSWORD);
  await support.logIn(staffEmail('support'), STAFF_PASSWORD);

  client.step = 'analyst reviews the profiles';
  await analyst.get('/dashboard');
  await analyst.get('/reviews/queue');
  await analyst.post('/borrowers/search', {});
  await analyst.post('/borrowers/search', { q: 'karla', state: 'en_revision', sort: 'name', order: 'asc' });
  await analyst.post('/borrowers/search', { state: 'pendiente' });
  // A decision names the profile's revision the analyst's screen showed (issue 35 point 9).
  const revisionOf = async (id: number) =>
    (await analyst.ok<{ profile: { revision: number } }>('GET', `/borrowers/${id}`)).profile.revision;
  const karlaRevision = await revisionOf(karlaId);
  await analyst.get(`/borrowers/${karlaId}/files/${selfieId}`);
  await analyst.get('/borrowers/99999');
  await cashier.post(`/reviews/${karlaId}/decision`, { decision: 'approve', version: karlaRevision });
  await support.get(`/borrowers/${karlaId}/files/${selfieId}`);
  await analyst.post(`/reviews/${karlaId}/decision`, { decision: 'aprobar', version: karlaRevision });
  await analyst.post(`/reviews/${karlaId}/decision`, {
    decision: 'approve',
    version: karlaRevision,
    note: 'Todo en orden.',
  });
  await analyst.post(`/reviews/${karlaId}/decision`, { decision: 'approve', version: karlaRevision });
  await analyst.post(`/reviews/${joseId}/decision`, {
    decision: 'return',
    version: await revisionOf(joseId),
    errorCode: 2,
    failedItems: { documents: { utilityBill: true } },
    note: 'El recibo está a nombre de otra persona.',
  });
  await analyst.post('/reviews/99999/decision', { decision: 'approve', version: 1 });

  client.step = 'jose sends a new utility bill; approved';
  await j.ok('getNotification.php');
  await j.ok('getProfile.php');
  await j.upload('putProfileFile.php', {}, [
    { field: 'file3', data: png('jose-recibo-2'), filename: 'recibo2.png', contentType: 'image/png' },
  ]);
  await j.ok('send_confirmdata.php');
  await analyst.get('/reviews/queue');
  await analyst.ok('POST', `/reviews/${joseId}/decision`, {
    decision: 'approve',
    version: await revisionOf(joseId),
  });

  at(client, '2026-11-23T15:45:00Z');
  client.step = 'karla applies for a loan';
  await k.ok('getNotification.php');
  await k.ok('post_locations', {
    idClient: 1,
    ip: '1.1.1.1',
    navegador: 'Chrome',
    sistema_operativo: 'Android',
    ...TEGUCIGALPA,
  });
  await k.call('post_locations', { latitude: 200, longitude: 0 });
  await k.ok('getApplicationProfilev2.php');
  await k.ok('getApplicationProfile.php');
  await k.ok('getPurposeList.php');
  await k.call('getFactura.php');
  await k.ok('getCustomerOfferList.php');
  const contract = await k.ok<DocumentPreview>('get_contractPre.php', REQUEST);
  const note = await k.ok<DocumentPreview>('get_pagarePre.php', REQUEST);
  await k.ok('get_contractPre.php');
  // The evidence of what was read (versions and SHA-256, issue 32 point 7): without it, refused;
  // with another amount or product than the one read, refused for the amount or the product first.
  const evidence = await documentEvidence(contract, note);
  await k.call('postOffer.php', { ...REQUEST });
  await k.call('postOffer.php', { ...REQUEST, ...evidence, contractSha256: 'f'.repeat(64) });
  await k.call('postOffer.php', { ...REQUEST, ...evidence, amount: 100_000 });
  await k.call('postOffer.php', { ...REQUEST, ...evidence, productId: 99 });
  const offer = await k.ok<{ container_id: number }>('postOffer.php', { ...REQUEST, ...evidence });
  const loanId = offer.container_id;
  await k.ok('getFactura.php');
  await k.ok('getCustomerOfferList.php');
  await k.call('postOffer.php', { ...REQUEST, ...evidence });
  await k.ok('getBorrowerRepaymentSchedule.php', { ContainerId: loanId });

  client.step = 'jose applies from San Pedro Sula';
  await j.ok('post_locations', { navegador: 'Firefox', sistema_operativo: 'iOS', ...SAN_PEDRO_SULA });
  const joseLoan = (
    await j.ok<{ container_id: number }>(
      'postOffer.php',
      await withEvidence(j, { ...REQUEST, amount: 2000, period: 60 }),
    )
  ).container_id;
  await j.ok('getFactura.php');

  at(client, '2026-11-23T16:00:00Z');
  client.step = 'the loan desk decides';
  await analyst.post('/loans/search', {});
  await analyst.post('/loans/search', { status: 0 });
  await analyst.post('/loans/search', { status: 42 });
  await analyst.get(`/loans/${loanId}`);
  await analyst.get('/loans/99999');
  await cashier.post(`/loans/${loanId}/decision`, { decision: 'approve' });
  await analyst.post(`/loans/${loanId}/decision`, { decision: 'take' });
  await analyst.post(`/loans/${loanId}/decision`, { decision: 'approve' });
  await analyst.post(`/loans/${loanId}/decision`, { decision: 'approve' });
  await analyst.post(`/loans/${joseLoan}/decision`, { decision: 'reject' });
  await analyst.post(`/loans/${joseLoan}/decision`, {
    decision: 'reject',
    reason: 'Los ingresos no alcanzan para la cuota.',
  });
  await analyst.post(`/loans/${loanId}/disbursement`, { disbursedOn: '2026-11-23', reference: 'TRF-1' });
  await cashier.post(`/loans/${loanId}/disbursement`, { disbursedOn: '23/11/2026', reference: 'TRF-7788' });
  await cashier.post(`/loans/${joseLoan}/disbursement`, { disbursedOn: '2026-11-23', reference: 'TRF-7789' });
  await cashier.post(`/loans/${loanId}/disbursement`, { disbursedOn: '2026-11-23', reference: 'TRF-7788' });
  await cashier.post(`/loans/${loanId}/disbursement`, { disbursedOn: '2026-11-23', reference: 'TRF-7788' });
  await cashier.get(`/loans/${loanId}`);
  await j.ok('getCustomerOfferList.php');
  await j.ok('getNotification.php');

  client.step = 'karla reads her plan';
  await k.ok('getCustomerOfferList.php');
  const schedule = await k.ok<{ id: number }[]>('getBorrowerRepaymentSchedule.php', { ContainerId: loanId });
  await k.call('getBorrowerRepaymentSchedule.php', { ContainerId: joseLoan });
  await k.ok('getWalletInfo.php');
  await k.ok('getNotification.php');

  // Three weeks later: the first instalment (due 2026-12-23) is paid by a bank receipt.
  at(client, '2026-12-18T16:00:00Z');
  await runMissedDates(deps);
  client.step = 'karla pays her first instalment';
  k.sid = undefined;
  k.sid = (await k.ok<{ sid: string }>('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).sid;
  k.sid = (
    await k.ok<{ sid: string }>('otp_cmp_login.php', { OtpLNum: await client.latestCode(karla.UsrTel) })
  ).sid;
  await k.ok('getNotification.php');
  await k.ok('getPagosReference.php', { containerId: loanId, reference: 'DEP 4455' });
  const receiptFields = {
    containerId: String(loanId),
    idpago: String(schedule[0]!.id),
    amount: '417.21',
    reference: 'DEP 4455',
  };
  await k.upload('send_recipemail.php', { ...receiptFields, idpago: String(schedule[1]!.id) }, [
    { field: 'DOC', data: jpeg('deposito-1'), filename: 'deposito.jpg', contentType: 'image/jpeg' },
  ]);
  await k.upload('send_recipemail.php', receiptFields, []);
  const receipt = await k.upload<{ receipt_id: number }>('send_recipemail.php', receiptFields, [
    { field: 'DOC', data: jpeg('deposito-1'), filename: 'deposito.jpg', contentType: 'image/jpeg' },
  ]);
  const receiptId = receipt.payload.receipt_id;
  await k.ok('getPagosReference.php', { containerId: loanId, reference: 'DEP4455' });

  client.step = 'the cashier validates the receipt';
  // The staff sessions of three weeks ago ended (idle): their cookies are refused.
  await analyst.get('/auth/me');
  await analyst.logIn(staffEmail('analyst'), STAFF_PASSWORD);
  await cashier.get('/receipts');
  await cashier.logIn(staffEmail('cashier'), STAFF_PASSWORD);
  await cashier.get('/receipts');
  await cashier.get('/receipts?state=pendiente');
  // The decision names the photo the cashier saw (issue 31): its SHA-256 from the receipt's answer.
  const { photoSha256 } = await cashier.ok<{ photoSha256: string }>('GET', `/receipts/${receiptId}`);
  await cashier.get(`/receipts/${receiptId}/image`);
  await cashier.get('/receipts/99999');
  const receiptValidation = { decision: 'validate', amount: '417.21', photoSha256 };
  await analyst.post(`/receipts/${receiptId}/decision`, receiptValidation);
  await cashier.post(`/receipts/${receiptId}/decision`, { ...receiptValidation, amount: 'cuatrocientos' });
  await cashier.post(`/receipts/${receiptId}/decision`, receiptValidation);
  await cashier.post(`/receipts/${receiptId}/decision`, {
    decision: 'reject',
    reason: 'Duplicado.',
    photoSha256,
  });
  await cashier.get(`/borrowers/${karlaId}/ledger`);
  await k.ok('getBorrowerRepaymentSchedule.php', { ContainerId: loanId });
  await k.ok('getWalletInfo.php', { ContainerId: loanId });
  await k.ok('getNotification.php');

  client.step = 'karla and the staff chat';
  await k.ok('getChatMessages.php');
  await k.call('postChatMessage.php', { text: '', clientId: 'cliente-replay-0' });
  await k.ok('postChatMessage.php', {
    text: '¿Cuándo vence mi segunda cuota?',
    clientId: 'cliente-replay-1',
    loanId,
  });
  await k.ok('postChatMessage.php', {
    text: '¿Cuándo vence mi segunda cuota?',
    clientId: 'cliente-replay-1',
    loanId,
  });
  await k.ok('getChatUnread.php');
  await k.ok('getChatTicket.php');
  await support.logIn(staffEmail('support'), STAFF_PASSWORD);
  const chats = await support.ok<{ items: ListItem[] }>('GET', '/chats');
  const chatId = chats.items[0]!.id;
  await support.get('/chats/unread');
  await support.get('/chats/assignees');
  await analyst.get('/chats/assignees');
  await support.get(`/chats/${chatId}`);
  await support.post(`/chats/${chatId}/messages`, { text: 'Vence el 22 de enero. ¡Gracias por tu pago!' });
  await support.post(`/chats/${chatId}/messages`, { text: '' });
  await support.get('/chats/99999');
  const messages = await k.ok<{ messages: ListItem[] }>('getChatMessages.php');
  await k.ok('getChatUnread.php');
  await k.ok('markChatRead.php', { upTo: messages.messages.at(-1)!.id });
  await k.call('getChatMessages.php', { after: 1, before: 2 });
  await support.post(`/chats/${chatId}/close`);
  await support.get(`/chats/${chatId}`);

  // The second instalment (due 2027-01-22) is not paid: the daily runs turn the loan late.
  at(client, '2027-02-03T15:00:00Z');
  await runMissedDates(deps);
  client.step = 'karla is late';
  k.sid = undefined;
  k.sid = (await k.ok<{ sid: string }>('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).sid;
  k.sid = (
    await k.ok<{ sid: string }>('otp_cmp_login.php', { OtpLNum: await client.latestCode(karla.UsrTel) })
  ).sid;
  await k.ok('getCustomerOfferList.php');
  await k.ok('getBorrowerRepaymentSchedule.php', { ContainerId: loanId });
  await k.ok('getWalletInfo.php');
  const notices = await k.ok<{ NotCod: number }[]>('getNotification.php');
  await k.ok('delNotification.php', { NotCod: notices[0]!.NotCod });
  await k.call('delNotification.php', { NotCod: notices[0]!.NotCod });
  await k.call('delNotification.php', { NotCod: 'uno' });
  await k.ok('getNotificationNum.php');
  // Issue 35: the list was opened; the rest of it, up to its newest, is marked read.
  await k.ok('readNotifications.php', { NotCod: notices[1]!.NotCod });
  await k.ok('getNotificationNum.php');

  client.step = 'collections';
  await cashier.logIn(staffEmail('cashier'), STAFF_PASSWORD);
  await analyst.logIn(staffEmail('analyst'), STAFF_PASSWORD);
  await admin.logIn(ADMIN.email, ADMIN.password);
  await cashier.get('/collections');
  await cashier.get('/collections?bucket=zzz');
  await cashier.get('/collections/export');
  await cashier.get(`/collections/${loanId}`);
  await cashier.get('/collections/99999');
  await analyst.post(`/collections/${loanId}/notes`, { text: 'Llamé y no contestó.' });
  await cashier.post(`/collections/${loanId}/notes`, { text: 'Llamé y no contestó.' });
  await cashier.post(`/collections/${loanId}/promises`, {
    promisedOn: '2027-02-10',
    amountCents: 41_721,
    text: 'Paga el viernes.',
  });
  await cashier.post(`/collections/${loanId}/promises`, { promisedOn: '2027-02-10', amountCents: 0 });
  await cashier.post(`/collections/${loanId}/stage`, {
    status: 9,
    fromStatus: 3,
    reason: 'No cumplió la promesa.',
  });
  await cashier.post(`/collections/${loanId}/stage`, {
    status: 9,
    fromStatus: 8,
    reason: 'No cumplió la promesa.',
  });
  await cashier.get(`/collections/${loanId}`);
  await cashier.get(`/loans/${loanId}`);
  await k.ok('getCustomerOfferList.php');

  client.step = 'portfolio, dashboard and audit';
  await cashier.get('/portfolio');
  await cashier.get('/dashboard');
  await cashier.get('/audit');
  await analyst.get('/portfolio');
  await analyst.get('/portfolio/weeks');
  await analyst.get('/portfolio/buckets');
  await admin.get('/dashboard');
  await admin.get('/audit');
  await admin.get('/audit?page=2&pageSize=20');
  await admin.get(`/audit?entity=borrower&entityId=${karlaId}`);
  await admin.get('/audit?actorType=staff&action=staff.login');
  await admin.get('/audit?from=2026-12-18&to=2026-12-19');
  await admin.get('/audit?from=ayer');
  await admin.post('/loans/search', { q: karla.UsrDNI });
  await admin.get(`/borrowers/${karlaId}`);
  await admin.get(`/borrowers/${joseId}`);

  client.step = 'staff accounts: a forced password change';
  await admin.post('/staff/1/password-reset');
  await admin.patch('/staff/1', { disabled: true });
  await admin.patch('/staff/4', {});
  await admin.ok('PATCH', '/staff/4', { name: 'Sofía Soporte Reyes' });
  await admin.ok('POST', '/staff/4/password-reset');
  await support.get('/chats');
  // The old password opens nothing any more (issue 32 point 3); the e-mailed link sets a new one.
  client.target.clock.advance(61_000);
  await support.post('/auth/login', { email: staffEmail('support'), password: STAFF_PASSWORD });
  const resetLink = await client.latestLink(staffEmail('support'));
  const resetToken = /clave=([A-Za-z0-9_-]+)$/.exec(resetLink.href)?.[1] ?? '';
  client.normalizer.secret('staff-link-token', resetToken);
  await nobody.post('/auth/password-link', { token: 'x'.repeat(43), newPassword: 'Soporte#Enlace-2027' });
  await nobody.post('/auth/password-link', { token: resetToken, newPassword: 'qwertyuiop' });
  await nobody.ok('POST', '/auth/password-link', { token: resetToken, newPassword: 'Soporte#Enlace-2027' });
  await nobody.post('/auth/password-link', { token: resetToken, newPassword: 'Soporte#Enlace-2028' });
  await support.logIn(staffEmail('support'), 'Soporte#Enlace-2027');
  await support.get('/chats');
  await support.post('/auth/password', {
    currentPassword: 'Soporte#Enlace-2027',
    newPassword: 'Soporte#Enlace-2027',
  });
  await support.post('/auth/password', { currentPassword: 'Equivocada#1', newPassword: 'Soporte#2027' });
  await support.ok('POST', '/auth/password', {
    currentPassword: 'Soporte#Enlace-2027',
    newPassword: 'Soporte#2027',
  });
  await support.get('/chats');
  await admin.get('/staff');

  client.step = 'logging out';
  await admin.post('/auth/logout', undefined, { noCsrf: true });
  await admin.post('/auth/logout');
  await admin.get('/auth/me');
  await k.ok('logout.php');
  await k.call('getCustomerOfferList.php');

  client.step = 'the messages sent (development outbox)';
  await client.recordOutbox(karla.UsrTel);
  await client.recordOutbox(karla.UsrMail);
}
