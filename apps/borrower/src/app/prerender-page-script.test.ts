import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyScript, headScript, withoutStyleAttributes } from './prerender';
import { EARLY_CALLS_PROPERTY, takeEarlyCall, type EarlyCall } from '../lib/early-calls';
import { finishHydration, PRERENDER_KEYS, PRERENDERED_ATTRIBUTE } from './prerendered-screen';

const ENTRY = '/static/js/index-abc.js';
const PRELOADS = ['/static/js/react-abc.js', '/static/js/utils-abc.js'];
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

/** A built page as the browser reads it: the head script, #root, the templates, the body script. */
function loadPage(hash: string, earlyCalls: Record<string, string[]> = {}) {
  window.location.hash = hash;
  document.head.innerHTML = '';
  // The head script runs while the page is still being read.
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  new Function(headScript(ENTRY, [ENTRY, ...PRELOADS], earlyCalls))();
  document.body.innerHTML =
    '<div id="root"></div>' +
    '<script type="text/html" id="prerendered-login"><style data-emotion="css abc">.css-abc{color:red}</style>' +
    withoutStyleAttributes(
      '<main class="css-abc"><form><input name="email"><a href="#/registro" style="--Link-underlineColor:red">Regístrate</a>' +
        '<button type="submit">Ingresar</button></form></main>',
    ) +
    '</script>' +
    '<script type="text/html" id="prerendered-registro"><main><h1>ETAPA1: Crea tu perfil</h1>' +
    '<input name="dni"><input name="fixed" readonly></main></script>' +
    '<script type="text/html" id="prerendered-inicio"><main><h1>Préstamos</h1>' +
    '<span role="progressbar" aria-label="Cargando la aplicación"></span></main></script>';
  new Function(bodyScript())();
  // The page has been read.
  delete (document as unknown as { readyState?: string }).readyState;
  document.dispatchEvent(new Event('DOMContentLoaded'));
  return document.getElementById('root')!;
}

describe("index.html's page script (decision 020)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it("moves the address's screen into #root with its inline styles, marks it, and starts the app", () => {
    const root = loadPage('#/login');

    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('login');
    expect(root.querySelector('button')?.textContent).toBe('Ingresar');
    const link = root.querySelector('a')!;
    expect(link.style.getPropertyValue('--Link-underlineColor')).toBe('red');
    expect(link.hasAttribute('data-prerendered-style')).toBe(false);
    // Its rules are in the head now, not in #root; the registration screen stays text.
    expect(document.head.querySelector('style[data-emotion="css abc"]')).not.toBeNull();
    expect(root.querySelector('style')).toBeNull();
    expect(root.firstElementChild?.tagName).toBe('MAIN');
    expect(root.textContent).not.toContain('ETAPA1');
    // The app runs once the screen is painted (jsdom never paints: after the second's wait), and its
    // modules are fetched only then, the entry with its preloads.
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    expect(preloaded()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    const entry = document.head.querySelector('script[type="module"]');
    expect(entry?.getAttribute('src')).toBe(ENTRY);
  });

  it('holds a form sent before the app has hydrated, and sends it again to the app once it has', () => {
    const root = loadPage('#/login');
    const form = root.querySelector('form')!;
    const button = form.querySelector('button')!;
    const sent: (Element | null)[] = [];

    const before = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true); // not sent by the browser

    // The app has hydrated (main.tsx): its own handler now takes the submission, once.
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push((event as SubmitEvent).submitter);
    });
    finishHydration(root);
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(sent).toEqual([button]);

    // Afterwards the body script stays out of the way; nothing is held or sent twice.
    const after = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(after);
    finishHydration(root);
    expect(sent).toEqual([button, button]);
  });

  it('with nothing held, hydration sends nothing', () => {
    const root = loadPage('#/login');
    const form = root.querySelector('form')!;
    let sent = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent += 1;
    });
    finishHydration(root);
    expect(sent).toBe(0);
  });

  it('puts the registration screen at #/registro, its fields read-only until the app has hydrated', () => {
    const root = loadPage('#/registro');
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('registro');
    expect(root.querySelector('h1')?.textContent).toBe('ETAPA1: Crea tu perfil');
    const dni = root.querySelector<HTMLInputElement>('input[name="dni"]')!;
    const fixed = root.querySelector<HTMLInputElement>('input[name="fixed"]')!;
    expect(dni.readOnly).toBe(true);

    finishHydration(root);
    expect(dni.readOnly).toBe(false);
    // A field the screen itself makes read-only stays so.
    expect(fixed.readOnly).toBe(true);
  });

  it("leaves the login form's fields open: what is typed before hydration is sent", () => {
    const root = loadPage('#/login');
    expect(root.querySelector<HTMLInputElement>('input[name="email"]')!.readOnly).toBe(false);
  });

  it("with a session at Inicio shows its splash, and starts the app after the splash's first paint", () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const root = loadPage('');
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('inicio');
    expect(root.querySelector('h1')?.textContent).toBe('Préstamos');
    expect(root.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe(
      'Cargando la aplicación',
    );
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    expect(preloaded()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(ENTRY);
  });

  it('with a session elsewhere leaves #root empty for the app, and starts it at once with its preloads', () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const root = loadPage('#/plan');
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(ENTRY);
  });

  describe('early calls (lib/early-calls.ts)', () => {
    const TABLE = {
      '/perfil': ['/api/app/getProfile.php', '/api/app/getLocations.php'],
    };
    const sent: { url: string; init: RequestInit }[] = [];
    beforeEach(() => {
      sent.length = 0;
      vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return Promise.resolve(new Response('{}'));
      });
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });
    const left = () => (window as unknown as Record<string, EarlyCall[]>)[EARLY_CALLS_PROPERTY]!;

    it("with a session sends the address's calls as the page is read, the session their body", () => {
      localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
      loadPage('#/perfil', TABLE);
      expect(sent.map((call) => call.url)).toEqual(TABLE['/perfil']);
      for (const { init } of sent) {
        expect(init.method).toBe('POST');
        expect(init.body).toBe('{"sid":"sid-1"}');
        expect(init.headers).toEqual({ 'content-type': 'application/json' });
      }
      // Left for the app, which takes each answer once.
      expect(left().map((call) => call.url)).toEqual(TABLE['/perfil']);
      expect(takeEarlyCall('/api/app/getLocations.php', '{"sid":"sid-1"}')).not.toBeNull();
      expect(takeEarlyCall('/api/app/getLocations.php', '{"sid":"sid-1"}')).toBeNull();
    });

    it('without a session (or with an empty sid) sends nothing', () => {
      loadPage('#/perfil', TABLE);
      localStorage.setItem(PRERENDER_KEYS.session, '');
      loadPage('#/perfil', TABLE);
      expect(sent).toEqual([]);
      expect(left()).toEqual([]);
    });
  });
});
