// Run by `npm run lighthouse` (scripts/lighthouse.mjs) before its server starts: prepares that
// server's own database (DATA_DIR, or DATABASE_URL) with the borrowers the logged-in screens need in
// the state that shows them whole, and prints their sessions as JSON:
//   - `applicant`: a complete profile approved by staff, a bank account and a location in Tegucigalpa
//     (/aplicar shows the products and the request form);
//   - `payer`: the same, with L 1,000 over 90 days requested, approved and disbursed today through
//     the real services (/plan shows its three instalments, /historial the loan).
// Each is made as apps/api/test/support (loans.ts, payments.ts) makes it: the profile and the account
// straight into the database, the request through the legacy API (previews, evidence, postOffer.php),
// the decision and the disbursement through the loan desk's services, by two staff members.
import { documentEvidence, type DocumentPreview } from '@prestamos-hn/contract';
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bankAccounts, borrowers, localities, profiles, staffAccounts } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { createIntegrations } from '../src/integrations/index.ts';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { createSession } from '../src/services/sessions.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const config = loadConfig(process.env);
const database = await openDatabase(config);
const { db } = database;
const clock = systemClock;
const integrations = createIntegrations(config);
const deps = { config, db, clock, integrations, log: silent };

/** A borrower with an approved, complete profile and a bank account: its session and session data. */
async function approvedBorrower(n: number) {
  const person = {
    personCode: `080119950000${n}`,
    email: `lighthouse${n}@correo.hn`,
    mobPhone: `9870000${n}`,
    firstName: n === 1 ? 'ANA' : 'JOSE',
    firstSurname: 'LOPEZ',
  };
  const [row] = await db
    .insert(borrowers)
    .values({ ...person, gender: 'F', birthday: '1990-01-01', passwordHash: 'not-a-real-hash' })
    .returning({ id: borrowers.id });
  const borrowerId = row!.id;
  const [place] = await db.select().from(localities).where(eq(localities.municipalityCode, '0801')).limit(1);
  await db.insert(profiles).values({
    borrowerId,
    status: '1',
    incomeStatus: 'asalariado',
    incomeCents: 1_500_000,
    maritalStatus: 'casado',
    homeStatus: 'propia',
    dependents: 1,
    dependentsWho: 'Tus hijos',
    education: 'secundaria',
    region: '08',
    county: '0801',
    city: place!.code,
    house: 'Casa 12, bloque B',
    addressReference: 'Frente a la pulpería',
    workplace: 'Banco Atlántida',
    workplacePosition: 'Cajera',
    workRegion: '08',
    workCounty: '0801',
    workExperience: '2020-01-15',
    refTipoPer: 'amigo',
    refNomPer: 'ANA LOPEZ',
    refTelPer: '99001122',
    refTipoLab: 'jefe',
    refNomLab: 'LUIS PEREZ',
    refTelLab: '99003344',
    sentForReviewAt: new Date('2026-11-20T15:00:00Z'),
    modified: '2026-11-21',
  });
  await db.insert(bankAccounts).values({ borrowerId, bankCode: 1, accountNumber: `7000000${n}` });
  const { sid } = await createSession(deps, { borrowerId, state: 'active' });
  const data = {
    realname: person.firstName,
    surname: person.firstSurname,
    email: person.email,
    mob_phone: `******${person.mobPhone.slice(-2)}`,
    MailEst: 'CMP',
  };
  return { sid, data, borrowerId };
}

async function staffMember(role: StaffMember['role']): Promise<StaffMember> {
  const email = `${role}.lighthouse@prestamos.test`;
  const name = `${role} lighthouse`;
  const [row] = await db
    .insert(staffAccounts)
    .values({ email, name, role, passwordHash: 'not-a-real-hash' })
    .returning({ id: staffAccounts.id });
  return { id: row!.id, email, name, role, mustChangePassword: false };
}

try {
  await migrateDatabase(database);
  await seedReferenceData(db);
  const app = await buildApp({ config, db, listen: database.listen, clock, integrations, logger: false });
  try {
    const call = async (file: string, body: Record<string, unknown>) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/app/${file}`,
        headers: { 'content-type': 'application/json', 'user-agent': 'lighthouse-fixture' },
        payload: JSON.stringify(body),
      });
      const answer = res.json() as { status: string; payload: unknown };
      if (answer.status !== 'OK') throw new Error(`${file}: ${res.body}`);
      return answer.payload;
    };
    const locate = (sid: string) =>
      call('post_locations', {
        sid,
        idClient: 1,
        ip: '127.0.0.1',
        navegador: 'Chrome',
        sistema_operativo: 'Android',
        latitude: 14.0818,
        longitude: -87.2068,
      });

    const applicant = await approvedBorrower(1);
    await locate(applicant.sid);

    const payer = await approvedBorrower(2);
    await locate(payer.sid);
    const request = { amount: 1000, period: 90, purpose: 1, productId: 3 };
    const preview = async (file: string) =>
      (await call(file, { sid: payer.sid, ...request })) as DocumentPreview;
    const evidence = await documentEvidence(
      await preview('get_contractPre.php'),
      await preview('get_pagarePre.php'),
    );
    const offer = (await call('postOffer.php', { sid: payer.sid, ...request, ...evidence })) as {
      container_id: number;
    };
    await decideLoan(deps, await staffMember('analyst'), offer.container_id, { decision: 'approve' });
    await recordDisbursement(deps, await staffMember('cashier'), offer.container_id, {
      disbursedOn: todayInTegucigalpa(clock.now()),
      reference: `TRF-${offer.container_id}`,
    });

    const session = ({ sid, data }: { sid: string; data: object }) => ({ sid, data });
    process.stdout.write(`${JSON.stringify({ applicant: session(applicant), payer: session(payer) })}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
