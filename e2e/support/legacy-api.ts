import { expect, type APIRequestContext } from '@playwright/test';
import { documentEvidence, type DocumentPreview } from '@prestamos-hn/contract';
import { dependentsWho, mandatoryFields, stage2 } from '../../apps/api/test/support/profile-values';
import { E2E_BASE_URL } from './e2e-env';
import { makePng } from './images';
import { countOutbox, nextCode } from './outbox';

/**
 * The borrower's legacy calls made directly, for journeys of either app that need a borrower in some
 * state but are about another screen (Inicio, the back-office): the same calls the borrower app
 * makes, so every state is real. `name` is the call's file name without '.php'.
 */

export interface LegacyAnswer {
  status: string;
  payload: Record<string, unknown>;
}

/** One call, whatever its answer. */
export async function legacyPost(
  request: APIRequestContext,
  name: string,
  body: Record<string, unknown>,
): Promise<LegacyAnswer> {
  const response = await request.post(`${E2E_BASE_URL}/api/app/${name}.php`, { data: body });
  expect(response.ok(), `${name}: HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as LegacyAnswer;
}

/** One call that must answer OK; its payload. */
export async function legacyCall(
  request: APIRequestContext,
  name: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const answer = await legacyPost(request, name, body);
  expect(answer.status, `${name}: ${JSON.stringify(answer.payload)}`).toBe('OK');
  return answer.payload;
}

/**
 * postOffer.php as the borrower app sends it, whatever its answer: `body` (`sid` and the request)
 * with the evidence of the contract and promissory note previewed for that request, their versions
 * and the SHA-256 of their HTML as received (issue 32 point 7: without it the request is refused).
 */
export async function postOfferAsApp(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<LegacyAnswer> {
  const contract = (await legacyCall(request, 'get_contractPre', body)) as DocumentPreview;
  const promissoryNote = (await legacyCall(request, 'get_pagarePre', body)) as DocumentPreview;
  return legacyPost(request, 'postOffer', { ...body, ...(await documentEvidence(contract, promissoryNote)) });
}

/** Stage 1 as register.php receives it (a census identity, its contact data and a password). */
export interface RegistrationFields {
  UsrDNI: string;
  UsrNom1: string;
  UsrNom2: string;
  UsrApe1: string;
  UsrApe2: string;
  UsrGen: string;
  UsrFchNac: string;
  UsrMail: string;
  UsrTel: string;
  UsrPwd: string;
}

/** Registration stage 1: the phone code from the outbox, then register.php. The new session. */
export async function registerThroughApi(
  request: APIRequestContext,
  person: RegistrationFields,
): Promise<{ sid: string; data: unknown }> {
  const before = await countOutbox(request, person.UsrTel);
  await legacyCall(request, 'otp_cre', { UsrTel: person.UsrTel });
  const code = await nextCode(request, person.UsrTel, before);
  await legacyCall(request, 'otp_cmp', { UsrTel: person.UsrTel, OtpCod: code });
  const payload = await legacyCall(request, 'register', { ...person });
  return { sid: payload.sid as string, data: payload.data };
}

/** An account number of `person`'s own (an account number is one borrower's only). */
export const accountNumberOf = (person: Pick<RegistrationFields, 'UsrDNI'>) => `31${person.UsrDNI.slice(-6)}`;

/**
 * Stage 2 and every other mandatory field with both references, living and working in Distrito
 * Central: the values the API suite prepares its borrowers with (apps/api/test/support/profile-values.ts),
 * with `person`'s own account number.
 */
export async function completeProfileThroughApi(
  request: APIRequestContext,
  sid: string,
  person: Pick<RegistrationFields, 'UsrDNI'>,
): Promise<void> {
  await legacyCall(request, 'register2', { sid, ...stage2, UsrBanNum: accountNumberOf(person) });
  const { ubs } = (await legacyCall(request, 'getLocations', { sid })) as {
    ubs: { DepCod: string; MunCod: string; LocCod: string }[];
  };
  const place = ubs.find((u) => u.MunCod === '0801') ?? ubs[0]!;
  await legacyCall(request, 'putProfile', {
    sid,
    array: {
      ...mandatoryFields({ region: place.DepCod, county: place.MunCod, city: place.LocCod }),
      dependents_who: dependentsWho,
    },
  });
}

export type DocumentField = 'file1' | 'file2' | 'file3' | 'file4';

/** The documents named (all four by default) as small real PNGs. */
export async function uploadDocumentsThroughApi(
  request: APIRequestContext,
  sid: string,
  fields: readonly DocumentField[] = ['file1', 'file2', 'file3', 'file4'],
): Promise<void> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { sid };
  fields.forEach((field, i) => {
    multipart[field] = { name: `${field}.png`, mimeType: 'image/png', buffer: makePng(240, 160, i + 1) };
  });
  const response = await request.post(`${E2E_BASE_URL}/api/app/putProfileFile.php`, { multipart });
  const json = (await response.json()) as LegacyAnswer;
  expect(json.status, JSON.stringify(json)).toBe('OK');
}

/** send_confirmdata: 'Mis datos son correctos', the profile goes to review. */
export async function sendForReviewThroughApi(request: APIRequestContext, sid: string): Promise<void> {
  await legacyCall(request, 'send_confirmdata', { sid });
}

/** Every mandatory field, the four documents, then 'Mis datos son correctos': the profile waits for review. */
export async function completeAndSendThroughApi(
  request: APIRequestContext,
  sid: string,
  person: Pick<RegistrationFields, 'UsrDNI'>,
): Promise<void> {
  await completeProfileThroughApi(request, sid, person);
  await uploadDocumentsThroughApi(request, sid);
  await sendForReviewThroughApi(request, sid);
}

/** Registers `person`, completes the profile and sends it for review. The new session. */
export async function registerInReviewThroughApi(
  request: APIRequestContext,
  person: RegistrationFields,
): Promise<string> {
  const { sid } = await registerThroughApi(request, person);
  await completeAndSendThroughApi(request, sid, person);
  return sid;
}
