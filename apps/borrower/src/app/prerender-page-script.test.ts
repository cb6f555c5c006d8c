import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyScript, headScript, PRELOADS_PER_TASK, withoutStyleAttributes } from './prerender';
import { EARLY_CALLS_PROPERTY, takeEarlyCall, type EarlyCall } from '../lib/early-calls';
import { FIRST_SCREEN_PATH } from '@prestamos-hn/contract';
import { APP_VERSION } from '../config/version';
import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';
import {
  finishHydration,
  FIRST_SCREEN_PROPERTY,
  FIRST_SCREEN_WAIT_MS,
  PRERENDER_KEYS,
  PRERENDERED_ATTRIBUTE,
  SERVER_RENDERED_SCREEN,
  takeFirstScreen,
} from './prerendered-screen';
import { takeHeldEscape } from '../lib/held-escape';

const ENTRY = '/static/js/index-abc.js';
const PRELOADS = ['/static/js/react-abc.js', '/static/js/utils-abc.js'];
/**
 * The page's way of running a module, as the tests give it: it notes the address on `window` and
 * answers `answer` (a promise's source), so the fake timers alone say when the next file runs.
 */
const IMPORTED_PROPERTY = '__importedForTest';
const notingImport = (answer: string) => `function (url) {
  (window.${IMPORTED_PROPERTY} = window.${IMPORTED_PROPERTY} || []).push(url);
  return ${answer};
}`;
/** The promise callbacks queued so far have run (no timer has). */
const settled = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const imported = () => (window as unknown as Record<string, string[] | undefined>)[IMPORTED_PROPERTY] ?? [];
/** The module script the page has added to run the app, if any. */
const entrySrc = () => document.head.querySelector('script[type="module"]')?.getAttribute('src');
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

/** A built page as the browser reads it: the head script, #root, the templates, the body script. */
function loadPage(hash: string, earlyCalls: Record<string, string[]> = {}) {
  window.location.hash = hash;
  // The server writes the response's style nonce here (scripts/vite-app.ts).
  document.head.innerHTML = '<meta property="csp-nonce" nonce="n0nce">';
  // The head script runs while the page is still being read.
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  new Function(headScript(ENTRY, [ENTRY, ...PRELOADS], earlyCalls, notingImport('Promise.resolve()')))();
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
    delete (window as unknown as Record<string, unknown>)[IMPORTED_PROPERTY];
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it("moves the address's screen into #root with its inline styles, marks it, and starts the app", async () => {
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
    // The entry's imports run first, a file per task (runImports).
    await vi.runAllTimersAsync();
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

  it("with a session at the help chat over Inicio shows Inicio's splash, and starts the app after its first paint", async () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const root = loadPage('#/chat');
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('inicio');
    expect(root.querySelector('h1')?.textContent).toBe('Préstamos');
    expect(root.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe(
      'Cargando la aplicación',
    );
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    expect(preloaded()).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    // The entry's imports run first, a file per task (runImports).
    await vi.runAllTimersAsync();
    expect(entrySrc()).toBe(ENTRY);
  });

  it('with a session at an address the server does not render, leaves #root empty and starts the app at once', async () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const root = loadPage('#/nada');
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    // The entry's imports run first, a file per task (runImports).
    await vi.runAllTimersAsync();
    expect(entrySrc()).toBe(ENTRY);
  });

  it(`preloads the app's modules ${PRELOADS_PER_TASK} per task, the entry first, so that no task holds a slow phone for long`, async () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const many = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, i) => `/static/js/part-${i}.js`);
    window.location.hash = '#/nada';
    document.head.innerHTML = '';
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    new Function(headScript(ENTRY, [ENTRY, ...many], {}, notingImport('Promise.resolve()')))();
    expect(preloaded()).toEqual([ENTRY, ...many.slice(0, PRELOADS_PER_TASK - 1)]);
    vi.advanceTimersToNextTimer();
    expect(preloaded()).toHaveLength(2 * PRELOADS_PER_TASK);
    vi.runAllTimers();
    expect(preloaded()).toEqual([ENTRY, ...many]);
    // The page is read and the app starts here, not in the next test's page.
    delete (document as unknown as { readyState?: string }).readyState;
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await vi.runAllTimersAsync();
    expect(entrySrc()).toBe(ENTRY);
  });

  it("runs the entry's imports a file per task, in the order they were preloaded, and the entry after them", async () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const root = loadPage('#/nada');
    expect(root.childNodes).toHaveLength(0);
    // The first file at once (the page has been read), each next one in a task of its own.
    await settled();
    expect(imported()).toEqual([PRELOADS[0]]);
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    vi.advanceTimersToNextTimer();
    await settled();
    expect(imported()).toEqual(PRELOADS);
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    vi.advanceTimersToNextTimer();
    await settled();
    // The entry is never imported by the slices: the page's module script runs it, last.
    expect(imported()).toEqual(PRELOADS);
    expect(entrySrc()).toBe(ENTRY);
  });

  it('a file that fails to load ends the slices, and the entry loads as it would have', async () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    window.location.hash = '#/nada';
    document.head.innerHTML = '';
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
    const failing = notingImport("Promise.reject(new TypeError('Failed to fetch'))");
    new Function(headScript(ENTRY, [ENTRY, ...PRELOADS], {}, failing))();
    await vi.advanceTimersByTimeAsync(0);
    expect(imported()).toEqual([PRELOADS[0]]);
    expect(entrySrc()).toBe(ENTRY);
    await vi.runAllTimersAsync();
    expect(imported()).toEqual([PRELOADS[0]]);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    delete (document as unknown as { readyState?: string }).readyState;
  });

  describe('early calls (lib/early-calls.ts)', () => {
    const TABLE = {
      '/chat': ['/api/app/getProfile.php', '/api/app/getLocations.php'],
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
      loadPage('#/chat', TABLE);
      expect(sent.map((call) => call.url)).toEqual(TABLE['/chat']);
      for (const { init } of sent) {
        expect(init.method).toBe('POST');
        expect(init.body).toBe('{"sid":"sid-1"}');
        expect(init.headers).toEqual({ 'content-type': 'application/json' });
      }
      // Left for the app, which takes each answer once.
      expect(left().map((call) => call.url)).toEqual(TABLE['/chat']);
      expect(takeEarlyCall('/api/app/getLocations.php', '{"sid":"sid-1"}')).not.toBeNull();
      expect(takeEarlyCall('/api/app/getLocations.php', '{"sid":"sid-1"}')).toBeNull();
    });

    it('without a session (or with an empty sid) sends nothing', () => {
      loadPage('#/chat', TABLE);
      localStorage.setItem(PRERENDER_KEYS.session, '');
      loadPage('#/chat', TABLE);
      expect(sent).toEqual([]);
      expect(left()).toEqual([]);
    });
  });

  describe("the server's screen at a logged-in address (decision 024)", () => {
    const SCREEN = {
      markup: withoutStyleAttributes(
        '<header>Préstamos HN</header><main class="css-p1"><p style="height:0px">Plan</p></main>',
      ),
      styles: [
        { key: 'css-global', ids: ['g1'], css: 'body{margin:0}' },
        { key: 'css', ids: ['p1', 'p2'], css: '.css-p1{color:blue}' },
      ],
      state: { queries: [], mutations: [] },
      now: 1_795_000_000_000,
    };
    let answer: () => Promise<Response>;
    const sent: { url: string; init: RequestInit }[] = [];
    beforeEach(() => {
      sent.length = 0;
      answer = () => Promise.resolve(Response.json(SCREEN));
      vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return answer();
      });
      localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>)[FIRST_SCREEN_PROPERTY];
      window.history.replaceState(null, '');
    });
    /** The answer has arrived and been read (its promise chain). */
    const answered = () => vi.advanceTimersByTimeAsync(0);

    it('asks for it with the session, the address and the clock, and neither calls early nor preloads meanwhile', () => {
      vi.setSystemTime(SCREEN.now);
      loadPage('#/plan/7', { '/plan/:id': ['/api/app/getCustomerOfferList.php'] });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.url).toBe(FIRST_SCREEN_PATH);
      expect(sent[0]!.init.method).toBe('POST');
      expect(JSON.parse(sent[0]!.init.body as string)).toEqual({
        sid: 'sid-1',
        address: '/plan/7',
        now: SCREEN.now,
        version: APP_VERSION,
      });
      expect(preloaded()).toEqual([]);
      expect(document.head.querySelector('script[type="module"]')).toBeNull();
    });

    it('shows it with its rules (the page nonce) and inline styles, leaves its data for the app, then starts the app', async () => {
      const root = loadPage('#/plan');
      await answered();

      expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe(SERVER_RENDERED_SCREEN);
      expect(root.querySelector('main')?.textContent).toBe('Plan');
      expect(root.querySelector('p')!.style.height).toBe('0px');
      expect(root.querySelector('[data-prerendered-style]')).toBeNull();
      const rules = [...document.head.querySelectorAll('style')];
      expect(rules.map((style) => style.getAttribute('data-emotion'))).toEqual([
        'css-global g1',
        'css p1 p2',
      ]);
      expect(rules.map((style) => style.nonce)).toEqual(['n0nce', 'n0nce']);
      expect(rules[1]!.textContent).toBe('.css-p1{color:blue}');
      expect(takeFirstScreen()).toEqual({ state: SCREEN.state, now: SCREEN.now });
      expect(takeFirstScreen()).toBeNull();
      // The app's code comes once the screen has painted (jsdom never paints: after the second).
      expect(preloaded()).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
      // The entry's imports run first, a file per task (runImports).
      await vi.runAllTimersAsync();
      expect(entrySrc()).toBe(ENTRY);
    });

    it('holds a tap made before the app has hydrated, and taps it again for the app once it has', async () => {
      const root = loadPage('#/plan');
      await answered();
      const text = root.querySelector('p')!;
      const before = new MouseEvent('click', { bubbles: true, cancelable: true });
      text.dispatchEvent(before);
      expect(before.defaultPrevented).toBe(true);

      const taps: EventTarget[] = [];
      root.addEventListener('click', (event) => taps.push(event.target!));
      finishHydration(root);
      expect(taps).toEqual([text]);
      // Afterwards taps reach the app as they are, once.
      text.click();
      expect(taps).toEqual([text, text]);
    });

    it("taps again a tap held on an icon (an <svg>'s <path>, which has no click()), for the button around it", async () => {
      const root = loadPage('#/plan');
      await answered();
      const button = document.createElement('button');
      const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      icon.appendChild(path);
      button.appendChild(icon);
      root.appendChild(button);
      path.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

      const taps: EventTarget[] = [];
      button.addEventListener('click', (event) => taps.push(event.target!));
      finishHydration(root);
      expect(taps).toEqual([path]);
    });

    it('notes an Escape pressed before the app has hydrated, for the dialog it closes (once)', async () => {
      const root = loadPage('#/perfil');
      await answered();
      expect(takeHeldEscape(root)).toBe(false);
      // Before hydration nothing of the screen has the focus: the key goes to the page.
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      expect(takeHeldEscape(root)).toBe(false);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      finishHydration(root);
      // The dialog may hydrate after the rest: the note waits for it.
      expect(takeHeldEscape(root)).toBe(true);
      expect(takeHeldEscape(root)).toBe(false);
      // Once the app has hydrated, Escape is the app's.
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(takeHeldEscape(root)).toBe(false);
    });

    it('without one (204, or no network) starts the app at once, as without it', async () => {
      answer = () => Promise.resolve(new Response(null, { status: 204 }));
      const root = loadPage('#/perfil');
      await answered();
      expect(root.childNodes).toHaveLength(0);
      expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);

      answer = () => Promise.reject(new TypeError('Failed to fetch'));
      loadPage('#/perfil');
      await answered();
      expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    });

    it(`starts the app without it after ${FIRST_SCREEN_WAIT_MS} ms, and never shows a late one`, async () => {
      let arrive: (response: Response) => void = () => {};
      answer = () => new Promise((resolve) => (arrive = resolve));
      const root = loadPage('#/historial');
      await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS);
      expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
      arrive(Response.json(SCREEN));
      await answered();
      expect(root.childNodes).toHaveLength(0);
      expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    });

    describe("at Inicio, under the page's splash (SPEC section 2)", () => {
      const splashText = (root: HTMLElement) => root.querySelector('h1')?.textContent;
      // The page's clock (performance.now()) from the page's start, moved by the fake timers.
      beforeEach(() => {
        const pageStart = Date.now();
        vi.spyOn(performance, 'now').mockImplementation(() => Date.now() - pageStart);
      });
      afterEach(() => {
        vi.restoreAllMocks();
      });

      it('asks for it as the page is read, replaces the splash with it as soon as it comes, then downloads and starts the app', async () => {
        const root = loadPage('');
        expect(sent.map((call) => call.url)).toEqual([FIRST_SCREEN_PATH]);
        expect(JSON.parse(sent[0]!.init.body as string)).toMatchObject({ sid: 'sid-1', address: '/' });
        expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('inicio');
        expect(splashText(root)).toBe('Préstamos');
        expect(preloaded()).toEqual([]);

        // The splash shows while Inicio loads, not for a fixed time (docs/ux.md, "Inicio's splash").
        await answered();
        expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe(SERVER_RENDERED_SCREEN);
        expect(root.querySelector('main')?.textContent).toBe('Plan');
        expect(takeFirstScreen()).toEqual({ state: SCREEN.state, now: SCREEN.now });
        // The app's code comes once that screen is on the phone's screen (a frame later; jsdom never
        // paints: after a second), as on every other screen the server renders.
        expect(preloaded()).toEqual([]);
        expect(document.head.querySelector('script[type="module"]')).toBeNull();
        await vi.advanceTimersByTimeAsync(1000);
        expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
        await vi.runAllTimersAsync();
        expect(imported()).toEqual(PRELOADS);
        expect(entrySrc()).toBe(ENTRY);
      });

      it('keeps the splash while the answer is on its way, and downloads nothing of the app meanwhile', async () => {
        let arrive: (response: Response) => void = () => {};
        answer = () => new Promise((resolve) => (arrive = resolve));
        const root = loadPage('');
        await vi.advanceTimersByTimeAsync(SPLASH_SCREEN_MS - 500);
        expect(splashText(root)).toBe('Préstamos');
        expect(preloaded()).toEqual([]);
        arrive(Response.json(SCREEN));
        await answered();
        expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe(SERVER_RENDERED_SCREEN);
      });

      it('asks at /main too, but not at the help chat over Inicio, which calls early instead', () => {
        loadPage('#/main', { '/chat': ['/api/app/getProfile.php'] });
        expect(JSON.parse(sent[0]!.init.body as string)).toMatchObject({ address: '/main' });
        sent.length = 0;
        loadPage('#/chat', { '/chat': ['/api/app/getProfile.php'] });
        expect(sent.map((call) => call.url)).toEqual(['/api/app/getProfile.php']);
      });

      it('without it (204) keeps the splash and starts the app at once, which shows the rest of it', async () => {
        answer = () => Promise.resolve(new Response(null, { status: 204 }));
        const root = loadPage('');
        await answered();
        expect(splashText(root)).toBe('Préstamos');
        expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('inicio');
        // The entry's imports run first, a file per task (runImports).
        await vi.runAllTimersAsync();
        expect(entrySrc()).toBe(ENTRY);
        expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
      });

      it('shows one that comes within the wait, past the 2 seconds: Inicio is not ready before it', async () => {
        let arrive: (response: Response) => void = () => {};
        answer = () => new Promise((resolve) => (arrive = resolve));
        const root = loadPage('');
        await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
        expect(splashText(root)).toBe('Préstamos');
        arrive(Response.json(SCREEN));
        await answered();
        expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe(SERVER_RENDERED_SCREEN);
      });

      it('never shows it at another address than the one asked for', async () => {
        const root = loadPage('');
        window.location.hash = '#/login';
        await vi.advanceTimersByTimeAsync(SPLASH_SCREEN_MS + 1000);
        expect(splashText(root)).toBe('Préstamos');
        expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('inicio');
        expect(entrySrc()).toBe(ENTRY);
        expect(takeFirstScreen()).toBeNull();
      });
    });

    it('is not asked for an entry that carries state (a screen opened with a dialog) or with a query', () => {
      window.history.replaceState({ usr: { isNewAccount: true }, idx: 0 }, '', '#/perfil');
      loadPage('#/perfil');
      window.history.replaceState(null, '');
      loadPage('#/plan?x=1');
      expect(sent.map((call) => call.url)).not.toContain(FIRST_SCREEN_PATH);
    });
  });
});
