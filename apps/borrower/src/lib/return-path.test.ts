import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/plan/12', '/plan/12'],
    ['/perfil', '/perfil'],
    ['/aplicar?x=1', '/aplicar?x=1'],
    ['/', null],
    ['/login', null],
    ['/login?volver=/plan', null],
    ['/registro', null],
    ['/recuperarpass/abc', null],
    ['//evil.example', null],
    ['https://evil.example', null],
    ['/\\evil', null],
    ['', null],
    [null, null],
  ])('%j → %j', (path, expected) => {
    expect(safeReturnPath(path)).toBe(expected);
  });
});

describe('loginPath', () => {
  it('carries the route asked for, and the expiry when the server ended the session', () => {
    expect(loginPath('/plan/12')).toBe('/login?volver=%2Fplan%2F12');
    expect(loginPath('/perfil', { expired: true })).toBe('/login?expirada=1&volver=%2Fperfil');
    expect(loginPath('/', { expired: true })).toBe('/login?expirada=1');
    expect(loginPath('/login')).toBe('/login');
  });
});
