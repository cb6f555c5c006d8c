import type { APIRequestContext } from '@playwright/test';
import {
  completeProfileThroughApi,
  registerThroughApi,
  sendForReviewThroughApi,
  uploadDocumentsThroughApi,
  type DocumentField,
} from '../../../borrower/e2e/support/legacy-api';
import { makePng } from './png';

/**
 * A borrower made through the legacy API, for the back-office journeys: the borrower app's screens
 * are not what these tests are about.
 */

/** A demo identity of apps/api/data/census-demo.json (the census simulator knows it). */
export const LESLY = {
  UsrDNI: '0301199700077',
  UsrNom1: 'Lesly',
  UsrNom2: 'María',
  UsrApe1: 'Zúniga',
  UsrApe2: 'Orellana',
  UsrMail: 'lesly.zuniga@example.com',
  UsrGen: 'F',
  UsrPwd: 'Clave#2026',
  UsrFchNac: '1997-09-09',
  UsrTel: '98112233',
};

/** The documents as PNGs whose dark top band shows a rotation in the document viewer. */
export const uploadDocuments = (request: APIRequestContext, sid: string, fields?: readonly DocumentField[]) =>
  uploadDocumentsThroughApi(request, sid, fields, makePng);

export const sendForReview = sendForReviewThroughApi;

/**
 * Registers `person` (phone code from the outbox, stage 1 and 2), fills every mandatory field,
 * uploads the four documents and sends the profile for review. Returns the session id.
 */
export async function createBorrowerInReview(
  request: APIRequestContext,
  person: typeof LESLY = LESLY,
): Promise<string> {
  const { sid } = await registerThroughApi(request, person);
  await completeProfileThroughApi(request, sid, '31415926');
  await uploadDocuments(request, sid);
  await sendForReview(request, sid);
  return sid;
}
