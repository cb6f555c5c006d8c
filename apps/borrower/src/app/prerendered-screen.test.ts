import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_PROPERTY,
  PRERENDER_KEYS,
  prerenderedScreenFor,
  prerenderedSplashPaintedAt,
  SCREEN_ATTRIBUTE,
  SERVER_RENDERED_PATHS,
  serverRenderedAddress,
  takeFirstScreen,
} from './prerendered-screen';

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

  it.each(['', '#/', '#/main', '#/MAIN', '#/chat', '#/?x=1'])(
    'a borrower with a session at Inicio (%j) sees its splash first',
    (hash) => {
      expect(prerenderedScreenFor(hash, storage({ [PRERENDER_KEYS.session]: 'abc' }), PRERENDER_KEYS)).toBe(
        'inicio',
      );
    },
  );

  it('with a session, no other address has one but registration (a public screen, the same for all)', () => {
    const withSession = storage({
      [PRERENDER_KEYS.session]: 'abc',
      [PRERENDER_KEYS.rememberedEmail]: 'a@b.hn',
    });
    for (const hash of ['#/login', '#/perfil', '#/plan/3', '#/chat/otra', '#/mainx'])
      expect(prerenderedScreenFor(hash, withSession, PRERENDER_KEYS)).toBeNull();
    expect(prerenderedScreenFor('#/registro', withSession, PRERENDER_KEYS)).toBe('registro');
  });

  it('an empty sid is no session (hasSession): not the splash, and not the login form either', () => {
    const emptySid = storage({ [PRERENDER_KEYS.session]: '' });
    expect(prerenderedScreenFor('', emptySid, PRERENDER_KEYS)).toBeNull();
    expect(prerenderedScreenFor('#/login', emptySid, PRERENDER_KEYS)).toBeNull();
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
    expect(standalone('', storage({ sid: 'x' }), PRERENDER_KEYS)).toBe('inicio');
    expect(standalone('#/perfil', storage({ sid: 'x' }), PRERENDER_KEYS)).toBeNull();
  });
});

describe("prerenderedSplashPaintedAt (when Inicio's 2 seconds start)", () => {
  const page = (screen: string | null) => {
    const documentElement = document.createElement('html');
    if (screen !== null) documentElement.setAttribute(SCREEN_ATTRIBUTE, screen);
    return { documentElement };
  };
  const timing = (entries: { startTime: number }[]) => ({
    getEntriesByName: (name: string) =>
      (name === 'first-contentful-paint' ? entries : []) as PerformanceEntryList,
  });

  it("is the page's first contentful paint when the page showed the splash itself", () => {
    expect(prerenderedSplashPaintedAt(page('inicio'), timing([{ startTime: 412.5 }]))).toBe(412.5);
  });

  it('is the start of the page load where paint timing is missing', () => {
    expect(prerenderedSplashPaintedAt(page('inicio'), timing([]))).toBe(0);
  });

  it('is null when the page showed another screen or none: the app starts the 2 seconds itself', () => {
    expect(prerenderedSplashPaintedAt(page('login'), timing([{ startTime: 300 }]))).toBeNull();
    expect(prerenderedSplashPaintedAt(page(''), timing([{ startTime: 300 }]))).toBeNull();
    expect(prerenderedSplashPaintedAt(page(null), timing([{ startTime: 300 }]))).toBeNull();
  });
});

describe('serverRenderedAddress (which address the page asks the server to render, decision 024)', () => {
  it('is the address at /perfil, /aplicar, /plan, /plan/:id and /historial, in any case', () => {
    for (const hash of ['#/perfil', '#/aplicar', '#/Aplicar', '#/plan', '#/plan/12', '#/historial']) {
      expect(serverRenderedAddress(hash, SERVER_RENDERED_PATHS, null)).toBe(hash.slice(1));
    }
  });

  it("is Inicio's address at '', '/' and '/main' ('/' for an empty hash), in any case", () => {
    expect(serverRenderedAddress('', SERVER_RENDERED_PATHS, null)).toBe('/');
    expect(serverRenderedAddress('#', SERVER_RENDERED_PATHS, null)).toBe('/');
    expect(serverRenderedAddress('#/', SERVER_RENDERED_PATHS, null)).toBe('/');
    expect(serverRenderedAddress('#/main', SERVER_RENDERED_PATHS, null)).toBe('/main');
    expect(serverRenderedAddress('#/Main', SERVER_RENDERED_PATHS, null)).toBe('/Main');
  });

  it('is null anywhere else, with a query, or for an entry that carries navigation state', () => {
    for (const hash of [
      '#/chat',
      '#/login',
      '#//',
      '#/main/1',
      '#/plan/1/2',
      '#/plan?x=1',
      '#/?x=1',
      '#/perfilx',
    ]) {
      expect(serverRenderedAddress(hash, SERVER_RENDERED_PATHS, null)).toBeNull();
    }
    expect(
      serverRenderedAddress('#/perfil', SERVER_RENDERED_PATHS, { usr: { isNewAccount: true }, idx: 1 }),
    ).toBeNull();
    expect(
      serverRenderedAddress('#/', SERVER_RENDERED_PATHS, { usr: { isNewAccount: true }, idx: 1 }),
    ).toBeNull();
    expect(serverRenderedAddress('#/perfil', SERVER_RENDERED_PATHS, { usr: null, idx: 1 })).toBe('/perfil');
  });

  it('runs as its own source text, as the head script runs it', () => {
    const own = new Function(
      `return (${serverRenderedAddress.toString()})`,
    )() as typeof serverRenderedAddress;
    expect(own('#/plan/3', SERVER_RENDERED_PATHS, undefined)).toBe('/plan/3');
    expect(own('', SERVER_RENDERED_PATHS, undefined)).toBe('/');
  });
});

describe('takeFirstScreen (the server-rendered screen left on the page for the app)', () => {
  it('gives it once', () => {
    const holder: Record<string, unknown> = {
      [FIRST_SCREEN_PROPERTY]: { state: { queries: [], mutations: [] }, now: 5 },
    };
    expect(takeFirstScreen(holder)).toEqual({ state: { queries: [], mutations: [] }, now: 5 });
    expect(takeFirstScreen(holder)).toBeNull();
    expect(takeFirstScreen({ [FIRST_SCREEN_PROPERTY]: { state: {} } })).toBeNull();
  });
});
