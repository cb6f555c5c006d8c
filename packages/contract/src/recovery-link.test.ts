import { describe, expect, it } from 'vitest';
import { decodeRecoveryLinkData, encodeRecoveryLinkData } from './recovery-link.ts';

const link = { email: 'karla.martínez@correo.hn', token: 'tok_~?>>?~en' };
/** Standard base64 of {"UsrMail":"karla.martínez@correo.hn","newPWD":"tok_~?>>?~en"} (UTF-8). */
const wireBase64 = 'eyJVc3JNYWlsIjoia2FybGEubWFydMOtbmV6QGNvcnJlby5obiIsIm5ld1BXRCI6InRva19+Pz4+P35lbiJ9';

describe('encodeRecoveryLinkData', () => {
  it('writes the legacy payload: percent-encoded standard base64 of {UsrMail, newPWD}', () => {
    expect(encodeRecoveryLinkData(link)).toBe(encodeURIComponent(wireBase64));
    expect(encodeRecoveryLinkData(link)).toMatch(/^[A-Za-z0-9%]+$/);
  });

  it('is read back by the decoder', () => {
    expect(decodeRecoveryLinkData(encodeRecoveryLinkData(link))).toEqual(link);
  });
});

describe('decodeRecoveryLinkData', () => {
  it.each([
    ['standard base64', wireBase64],
    ['percent-encoded base64', encodeURIComponent(wireBase64)],
    ['URL-safe base64 without padding', wireBase64.replace(/\+/g, '-').replace(/\//g, '_')],
  ])('reads %s of the e-mailed link', (_case, data) => {
    expect(decodeRecoveryLinkData(data)).toEqual(link);
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', 'aG9sYQ=='],
    ['no token', 'eyJVc3JNYWlsIjoiYUBiLmhuIn0='],
    ['an empty token', 'eyJVc3JNYWlsIjoiYUBiLmhuIiwibmV3UFdEIjoiIn0='],
    [
      'English names instead of the legacy ones',
      'eyJlbWFpbCI6ImthcmxhLm1hcnTDrW5lekBjb3JyZW8uaG4iLCJ0b2tlbiI6InRva19+Pz4+P35lbiJ9',
    ],
    ['a list', 'WyJhQGIuaG4iLCJ4Il0='],
    ['nothing', ''],
  ])('refuses %s', (_case, data) => {
    expect(decodeRecoveryLinkData(data)).toBeNull();
  });
});
