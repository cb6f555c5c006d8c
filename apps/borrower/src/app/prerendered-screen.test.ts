import { describe, expect, it } from 'vitest';
import { PRERENDER_KEYS, prerenderedScreenFor } from './prerendered-screen';

const storage = (entries: Record<string, string> = {}) => ({
  getItem: (key: string) => entries[key] ?? null,
});

describe('prerenderedScreenFor (which prerendered screen the first render at an address is)', () => {
  it.each([
    ['', 'login'],
    ['#/', 'login'],
    ['#/login', 'login'],
    ['#/LOGIN', 'login'],
    ['#/login?volver=%2Fperfil', 'login'],
    ['#/registro', 'registro'],
    ['#/Registro?x=1', 'registro'],
  ])('a visitor without a session at %j sees %s', (hash, screen) => {
    expect(prerenderedScreenFor(hash, storage(), PRERENDER_KEYS)).toBe(screen);
  });

  it.each(['#/perfil', '#/plan/3', '#/recuperarpass', '#/no-existe', '#/login/otra', '#/registrox'])(
    'any other address (%j) has none: the app renders it from nothing',
    (hash) => {
      expect(prerenderedScreenFor(hash, storage(), PRERENDER_KEYS)).toBeNull();
    },
  );

  it('with a session, Inicio is not the login form (the splash or a logged-in screen is)', () => {
    const withSession = storage({ [PRERENDER_KEYS.session]: 'abc' });
    expect(prerenderedScreenFor('', withSession, PRERENDER_KEYS)).toBeNull();
    expect(prerenderedScreenFor('#/login', withSession, PRERENDER_KEYS)).toBeNull();
    // Registration is a public screen: the same with or without a session.
    expect(prerenderedScreenFor('#/registro', withSession, PRERENDER_KEYS)).toBe('registro');
  });

  it('a remembered e-mail or the expired-session notice makes the login form differ: none', () => {
    const remembered = storage({ [PRERENDER_KEYS.rememberedEmail]: 'ana@example.com' });
    expect(prerenderedScreenFor('#/login', remembered, PRERENDER_KEYS)).toBeNull();
    expect(prerenderedScreenFor('#/login?expirada=1', storage(), PRERENDER_KEYS)).toBeNull();
    expect(prerenderedScreenFor('#/login?volver=%2F&expirada=1', storage(), PRERENDER_KEYS)).toBeNull();
  });

  it('runs as its own source text, as the head script runs it (nothing from outside itself)', () => {
    const standalone = new Function(
      `return (${prerenderedScreenFor.toString()});`,
    )() as typeof prerenderedScreenFor;
    expect(standalone('#/registro', storage(), PRERENDER_KEYS)).toBe('registro');
    expect(standalone('', storage(), PRERENDER_KEYS)).toBe('login');
    expect(standalone('', storage({ sid: 'x' }), PRERENDER_KEYS)).toBeNull();
  });
});
