import { afterEach, describe, expect, it } from 'vitest';
import { clearSid, setSid } from '../lib/session';
import { requireSession } from './require-session';

function redirectOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
}

describe('logged-in routes', () => {
  afterEach(() => clearSid());

  it('send a visitor without a session to /login', () => {
    expect(redirectOf(() => requireSession())).toBe('/login');
  });

  it('and bring them back to the route asked for once logged in', () => {
    const request = new Request('http://localhost/plan/12');
    expect(redirectOf(() => requireSession({ request }))).toBe('/login?volver=%2Fplan%2F12');
    expect(redirectOf(() => requireSession({ request: new Request('http://localhost/') }))).toBe('/login');
  });

  it('let a borrower with a session in', () => {
    setSid('S'.repeat(43));
    expect(redirectOf(() => requireSession())).toBeNull();
  });
});
