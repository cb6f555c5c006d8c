import { documentEvidence, type DocumentEvidence, type DocumentPreview } from '@prestamos-hn/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankAccounts, localities, profiles, staffAccounts } from '../../src/db/schema/index.ts';
import type { StaffMember } from '../../src/services/shared/staff-member.ts';
import { sessionFor } from './borrowers.ts';
import type { TestApp } from './test-app.ts';

export const TEGUCIGALPA = { latitude: 14.0818, longitude: -87.2068 };
export const SAN_PEDRO_SULA = { latitude: 15.50585, longitude: -88.02588 };
/** Juticalpa (Olancho): in Honduras, not an allowed city. */
export const JUTICALPA = { latitude: 14.6667, longitude: -86.2167 };

/** post_locations as the app sends it, from a phone in `place`. */
export async function postLocation(t: TestApp, sid: string, place: { latitude: number; longitude: number }) {
  const res = await t.call('post_locations', {
    sid,
    idClient: 1,
    ip: '1.1.1.1',
    navegador: 'Chrome',
    sistema_operativo: 'Android',
    ...place,
  });
  expect(res.json.status, JSON.stringify(res.json)).toBe('OK');
}

export interface BorrowerOptions {
  /** The profile's status: '1' approved (default) or '0'. */
  status?: '0' | '1';
  /** Where the phone last was; null posts no location. Default Tegucigalpa. */
  location?: { latitude: number; longitude: number } | null;
  /** Default true. */
  bankAccount?: boolean;
  /** Default true: both references with type, name and phone. */
  references?: boolean;
}

let accountCounter = 0;

/**
 * A borrower ready to apply, made as fast as a test needs it: an account and active session
 * (support/borrowers.ts), a complete profile approved by staff, a current bank account, and a
 * location posted through post_locations (Tegucigalpa unless told otherwise). Each option takes one
 * of those away, for the refusal tests.
 */
export async function borrowerReadyToApply(t: TestApp, opts: BorrowerOptions = {}) {
  const { sid, borrowerId, sessionId } = await sessionFor(t.deps);
  const [place] = await t.deps.db
    .select()
    .from(localities)
    .where(eq(localities.municipalityCode, '0801'))
    .limit(1);
  const references = opts.references ?? true;
  await t.deps.db.insert(profiles).values({
    borrowerId,
    status: opts.status ?? '1',
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
    refTipoPer: references ? 'amigo' : '',
    refNomPer: references ? 'ANA LOPEZ' : '',
    refTelPer: references ? '99001122' : '',
    refTipoLab: 'jefe',
    refNomLab: 'LUIS PEREZ',
    refTelLab: '99003344',
    sentForReviewAt: new Date('2026-11-20T15:00:00Z'),
    modified: '2026-11-21',
  });
  if (opts.bankAccount ?? true) {
    accountCounter += 1;
    await t.deps.db.insert(bankAccounts).values({
      borrowerId,
      bankCode: 1,
      accountNumber: `7${String(process.pid % 1000).padStart(3, '0')}${String(accountCounter).padStart(5, '0')}`,
    });
  }
  const location = opts.location === undefined ? TEGUCIGALPA : opts.location;
  if (location) await postLocation(t, sid, location);
  return { sid, borrowerId, sessionId };
}

/** The request every test sends unless it changes a field: L 1,000 over 90 days, monthly product 3. */
export const REQUEST = { amount: 1000, period: 90, purpose: 1, productId: 3 } as const;

/** Well-formed evidence that matches no document: what stands in when a preview is refused. */
const NO_EVIDENCE: DocumentEvidence = {
  contractVersion: 0,
  contractSha256: '0'.repeat(64),
  promissoryNoteVersion: 0,
  promissoryNoteSha256: '0'.repeat(64),
};

/** A legacy call as a test client makes it (the session's `sid` added by the client): its envelope. */
export type LegacyCaller = (
  file: string,
  body: Record<string, unknown>,
) => Promise<{ status?: unknown; payload?: unknown }>;

/**
 * The evidence postOffer.php requires (issue 32 point 7) for `request`, made as the borrower app
 * makes it: both documents previewed for that request (get_contractPre.php, get_pagarePre.php) and
 * hashed as received (`documentEvidence`). When a preview is refused (an amount outside the price
 * list, an unknown product or purpose) postOffer refuses the request for the same reason before it
 * compares documents, so evidence that matches nothing stands in.
 */
export async function evidenceFor(
  call: LegacyCaller,
  request: Record<string, unknown>,
): Promise<DocumentEvidence> {
  const { amount, period, productId, purpose } = request;
  const preview = async (file: string) => {
    const answer = await call(file, { amount, period, productId, purpose });
    return answer.status === 'OK' ? (answer.payload as DocumentPreview) : null;
  };
  const contract = await preview('get_contractPre.php');
  const promissoryNote = await preview('get_pagarePre.php');
  return contract && promissoryNote ? documentEvidence(contract, promissoryNote) : NO_EVIDENCE;
}

/**
 * postOffer.php as the borrower app sends it: `body` (`sid` and the request) with the evidence of the
 * documents previewed for it, by the same session from the same IP (`evidenceFor`). Evidence fields
 * in `body` win: a test sends a stale version or a wrong hash that way.
 */
export async function postOffer(
  t: TestApp,
  body: { sid?: unknown } & Record<string, unknown>,
  opts?: { ip?: string },
) {
  const call: LegacyCaller = async (file, preview) =>
    (await t.call(file, { sid: body.sid, ...preview }, opts)).json;
  return t.call('postOffer.php', { ...(await evidenceFor(call, body)), ...body }, opts);
}

let staffCounter = 0;
/** A staff member for service-level calls (the staff routes come later). */
export async function staffMember(t: TestApp, role: StaffMember['role']): Promise<StaffMember> {
  staffCounter += 1;
  const email = `${role}.loans${staffCounter}.${process.pid}@prestamos.test`;
  const [row] = await t.deps.db
    .insert(staffAccounts)
    .values({ email, name: `${role} ${staffCounter}`, role, passwordHash: 'not-a-real-hash' })
    .returning({ id: staffAccounts.id });
  return { id: row!.id, email, name: `${role} ${staffCounter}`, role, mustChangePassword: false };
}
