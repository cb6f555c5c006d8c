import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from '../../../borrower/e2e/support/e2e-env';
import { countOutbox, nextCode } from '../../../borrower/e2e/support/outbox';
import { makePng } from './png';

/**
 * A borrower made through the legacy API (the calls of apps/api/test/backoffice-review.test.ts), for
 * the back-office journeys: the borrower app's screens are not what these tests are about.
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

async function call(
  request: APIRequestContext,
  name: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await request.post(`${E2E_BASE_URL}/api/app/${name}.php`, { data: body });
  const json = (await response.json()) as { status: string; payload: Record<string, unknown> };
  expect(json.status, `${name}: ${JSON.stringify(json)}`).toBe('OK');
  return json.payload;
}

/** The borrower's four documents as small real PNGs, or only the ones named. */
export async function uploadDocuments(
  request: APIRequestContext,
  sid: string,
  fields: ('file1' | 'file2' | 'file3' | 'file4')[] = ['file1', 'file2', 'file3', 'file4'],
): Promise<void> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { sid };
  fields.forEach((field, i) => {
    multipart[field] = { name: `${field}.png`, mimeType: 'image/png', buffer: makePng(240, 160, i + 1) };
  });
  const response = await request.post(`${E2E_BASE_URL}/api/app/putProfileFile.php`, { multipart });
  const json = (await response.json()) as { status: string };
  expect(json.status, JSON.stringify(json)).toBe('OK');
}

/** send_confirmdata: the borrower confirms the data and the profile goes to review. */
export async function sendForReview(request: APIRequestContext, sid: string): Promise<void> {
  await call(request, 'send_confirmdata', { sid });
}

/**
 * Registers `person` (phone code from the outbox, stage 1 and 2), fills every mandatory field,
 * uploads the four documents and sends the profile for review. Returns the session id.
 */
export async function createBorrowerInReview(
  request: APIRequestContext,
  person: typeof LESLY = LESLY,
): Promise<string> {
  const before = await countOutbox(request, person.UsrTel);
  await call(request, 'otp_cre', { UsrTel: person.UsrTel });
  await call(request, 'otp_cmp', {
    UsrTel: person.UsrTel,
    OtpCod: await nextCode(request, person.UsrTel, before),
  });
  const { sid } = (await call(request, 'register', person)) as { sid: string };
  await call(request, 'register2', {
    sid,
    UsrBan: '1',
    UsrBanNum: '31415926',
    UsrEstCiv: 'casado',
    UsrTipCli: 'asalariado',
    UsrTipViv: 'propia',
    UsrNumDep: 2,
    UsrIng: 15000,
    UsrFchLabIni: '2020-01-15',
    UsrBussines: '',
  });
  const { ubs } = (await call(request, 'getLocations', { sid })) as {
    ubs: { DepCod: string; MunCod: string; LocCod: string }[];
  };
  const place = ubs.find((u) => u.MunCod === '0801') ?? ubs[0]!;
  await call(request, 'putProfile', {
    sid,
    array: {
      education: 'secundaria',
      region: place.DepCod,
      county: place.MunCod,
      city: place.LocCod,
      house: 'Casa 12, bloque B',
      address_referece: 'Frente a la pulpería',
      workplace: 'Banco Atlántida',
      workplace_position: 'Cajera',
      work_region: place.DepCod,
      work_county: place.MunCod,
      work_city: place.LocCod,
      workplace_address: 'Bulevar Morazán',
      work_experience: '2020-01-15',
      dependents_who: 'Tus hijos',
      ref_tipo_per: 'amigo',
      ref_nom_per: 'Ana López',
      ref_tel_per: '99001122',
      ref_correo_per: 'ana@example.com',
      ref_tipo_lab: 'jefe',
      ref_nom_lab: 'Luis Pérez',
      ref_tel_lab: '99003344',
      ref_correo_lab: '',
    },
  });
  await uploadDocuments(request, sid);
  await sendForReview(request, sid);
  return sid;
}
