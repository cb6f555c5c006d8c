import { afterEach, describe, expect, it } from 'vitest';
import { clearSid, setSid } from '../lib/session';
import { sessionRedirect } from './require-session';

describe('logged-in routes', () => {
  afterEach(() => clearSid());

  it('send a visitor without a session to /login', () => {
    expect(sessionRedirect()).toBe('/login');
  });

  it('and bring them back to the route asked for once logged in', () => {
    expect(sessionRedirect('/plan/12')).toBe('/login?volver=%2Fplan%2F12');
    expect(sessionRedirect('/historial?x=1')).toBe('/login?volver=%2Fhistorial%3Fx%3D1');
    expect(sessionRedirect('/')).toBe('/login');
  });

  it('let a borrower with a session in', () => {
    setSid('S'.repeat(43));
    expect(sessionRedirect('/plan/12')).toBeNull();
  });
});
