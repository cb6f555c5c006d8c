/**
 * The static screens of index.html (issue 33): the logged-out screens' markup, painted before the
 * app's code arrives, the one of the URL's hash showing (the head's inline script writes the hash on
 * `<html data-screen>`, @prestamos-hn/domain's SCREEN_PICKER_SCRIPT; each screen names its own in
 * `data-screen`). Once the real screen has rendered, it takes over: what the person already typed
 * or ticked there, and the field they are in, pass to the real screen's fields of the same name, and
 * the static markup goes.
 */
const STATIC_SCREENS_ID = 'boot';

/** index.html's static screen on display: the one of the hash, or none. */
function shownScreen(doc: Document): Element | null {
  const screen = doc.documentElement.dataset.screen;
  if (!screen) return null;
  return (
    [...(doc.getElementById(STATIC_SCREENS_ID)?.children ?? [])].find(
      (candidate) => candidate instanceof HTMLElement && candidate.dataset.screen === screen,
    ) ?? null
  );
}

/** Is one of index.html's static screens on display? */
export function isStaticScreenShown(doc: Document = document): boolean {
  return shownScreen(doc) !== null;
}

/** Sets an input's value as typing would, so React's onChange (and MUI's filled label) follow. */
function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replaces the static screen with the real one, in `root` (#root): call it once the real screen is
 * in the DOM (a layout effect, before the browser paints). Does nothing when there is none.
 */
export function takeOverStaticScreen(root: ParentNode | null, doc: Document = document): void {
  const boot = doc.getElementById(STATIC_SCREENS_ID);
  if (!boot) return;
  const shown = shownScreen(doc);
  const focused = doc.activeElement;
  for (const field of shown?.querySelectorAll<HTMLInputElement>('input[name]') ?? []) {
    const real = [...(root?.querySelectorAll<HTMLInputElement>('input[name]') ?? [])].find(
      (input) => input.name === field.name,
    );
    if (!real) continue;
    if (field.type === 'checkbox') {
      if (field.checked !== real.checked) real.click();
    } else if (field.value && real.value !== field.value) {
      typeInto(real, field.value);
    }
    if (field === focused) real.focus();
  }
  boot.remove();
}
