import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRERENDER_KEYS } from './prerendered-screen';
import { pageScript, PRERENDERED_ATTRIBUTE, withoutStyleAttributes } from './prerender';

const ENTRY = '/static/js/index-abc.js';
const PRELOADS = ['/static/js/react-abc.js', '/static/js/utils-abc.js'];
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

/** A built page's body: #root, the templates, then the page script run as the browser would. */
function loadPage(hash: string) {
  window.location.hash = hash;
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<div id="root"></div>' +
    `<template id="prerendered-login">${withoutStyleAttributes(
      '<main><form><a href="#/registro" style="--Link-underlineColor:red">Regístrate</a>' +
        '<button type="submit">Ingresar</button></form></main>',
    )}</template>` +
    '<template id="prerendered-registro"><main><h1>ETAPA1: Crea tu perfil</h1></main></template>';
  new Function(pageScript(ENTRY, [ENTRY, ...PRELOADS]))();
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
    // The registration template stays inert.
    expect(root.textContent).not.toContain('ETAPA1');
    // The app runs once the screen is painted (jsdom never paints: after the second's wait), and its
    // modules are fetched only then, without preloads.
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(preloaded()).toEqual([]);
    const entry = document.head.querySelector('script[type="module"]');
    expect(entry?.getAttribute('src')).toBe(ENTRY);
  });

  it('keeps the form from being sent by the browser until the app has hydrated', () => {
    const root = loadPage('#/login');
    const form = root.querySelector('form')!;

    const before = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);

    root.removeAttribute(PRERENDERED_ATTRIBUTE); // what main.tsx does once the app has mounted
    const after = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('puts the registration screen at #/registro', () => {
    const root = loadPage('#/registro');
    expect(root.getAttribute(PRERENDERED_ATTRIBUTE)).toBe('registro');
    expect(root.querySelector('h1')?.textContent).toBe('ETAPA1: Crea tu perfil');
  });

  it('with a session leaves #root empty for the app, and still starts it', () => {
    localStorage.setItem(PRERENDER_KEYS.session, 'sid-1');
    const root = loadPage('');
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(preloaded()).toEqual([ENTRY, ...PRELOADS]);
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(ENTRY);
  });
});
