import { describe, expect, it } from 'vitest';
import { decodeRecoveryLink } from './recovery-link';

function encode(value: unknown, { urlSafe = false } = {}): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const base64 = btoa(String.fromCharCode(...bytes));
  return urlSafe ? base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : base64;
}

const payload = { UsrMail: 'karla.martínez@correo.hn', newPWD: 'tok_~?>>?~en' };

describe('decodeRecoveryLink', () => {
  it('reads the base64 JSON of the e-mailed link', () => {
    expect(decodeRecoveryLink(encode(payload))).toEqual(payload);
  });

  it('accepts URL-safe base64 without padding, and percent-encoding', () => {
    expect(decodeRecoveryLink(encode(payload, { urlSafe: true }))).toEqual(payload);
    expect(decodeRecoveryLink(encodeURIComponent(encode(payload)))).toEqual(payload);
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', btoa('hola')],
    ['no token', encode({ UsrMail: 'a@b.hn' })],
    ['empty token', encode({ UsrMail: 'a@b.hn', newPWD: '' })],
    ['a list', encode(['a@b.hn', 'x'])],
    ['nothing', ''],
  ])('refuses %s', (_case, data) => {
    expect(decodeRecoveryLink(data)).toBeNull();
  });
});
