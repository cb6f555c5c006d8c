import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_PICKER_SCRIPT } from '@prestamos-hn/domain';
import indexHtml from '../../index.html?raw';
import { isStaticScreenShown, takeOverStaticScreen } from './static-screen';

/** index.html's static screens, as the built page has them. */
const bootMarkup = /<div id="boot">[\s\S]*?<\/main>\s*<\/div>/.exec(indexHtml)![0];

function page(hash: string) {
  window.location.hash = hash;
  // As index.html's head script does (@prestamos-hn/domain's SCREEN_PICKER_SCRIPT).
  new Function(SCREEN_PICKER_SCRIPT)();
  document.body.innerHTML = `${bootMarkup}<div id="root"></div>`;
  return document.getElementById('root')!;
}

/** A real screen's fields, uncontrolled as the login form's are; `onInput` follows React's onChange. */
function realFields(root: HTMLElement, onInput = vi.fn()) {
  root.innerHTML =
    '<input name="email" type="email" /><input name="password" type="password" /><input name="remember" type="checkbox" />';
  root.addEventListener('input', onInput);
  return onInput;
}

/** The heading of the static screen on display (display: none hides the others in the page's CSS). */
function shownHeading() {
  const screen = document.documentElement.dataset.screen;
  return document.querySelector(`#boot > [data-screen="${screen}"] h1`);
}

afterEach(() => {
  document.body.innerHTML = '';
  window.location.hash = '';
  delete document.documentElement.dataset.screen;
});

describe('index.html static screens', () => {
  it('show the screen of the hash, and none for a screen without one', () => {
    page('#/login');
    expect(isStaticScreenShown()).toBe(true);
    expect(shownHeading()?.textContent).toBe('Iniciar sesión');
    page('#/recuperarpass');
    expect(shownHeading()?.textContent).toBe('Recuperar contraseña');
    page('#/perfil');
    expect(isStaticScreenShown()).toBe(false);
  });

  it('label every field', () => {
    page('#/login');
    for (const input of document.querySelectorAll<HTMLInputElement>('#boot input')) {
      expect(input.labels?.[0]?.textContent?.trim(), input.name).toBeTruthy();
    }
  });

  it('pass what was typed and ticked, and the focus, to the real screen, then go', () => {
    const root = page('#/login');
    const email = document.querySelector<HTMLInputElement>('#boot-login-email')!;
    email.value = 'karla@correo.hn';
    document.querySelector<HTMLInputElement>('#boot input[name="remember"]')!.checked = true;
    email.focus();
    const onInput = realFields(root);

    takeOverStaticScreen(root);

    expect(root.querySelector<HTMLInputElement>('[name="email"]')!.value).toBe('karla@correo.hn');
    expect(root.querySelector<HTMLInputElement>('[name="password"]')!.value).toBe('');
    expect(root.querySelector<HTMLInputElement>('[name="remember"]')!.checked).toBe(true);
    // As typing and a click would: React's onChange hears both (the password was left empty).
    expect(
      onInput.mock.calls.map(([event]) => (event as Event & { target: HTMLInputElement }).target.name),
    ).toEqual(['email', 'remember']);
    expect(document.activeElement).toBe(root.querySelector('[name="email"]'));
    expect(document.getElementById('boot')).toBeNull();
  });

  it('go without touching the real screen when nothing was typed, or none shows', () => {
    const root = page('#/perfil');
    const onInput = realFields(root);
    takeOverStaticScreen(root);
    expect(onInput).not.toHaveBeenCalled();
    expect(document.getElementById('boot')).toBeNull();
    takeOverStaticScreen(root);
  });
});
