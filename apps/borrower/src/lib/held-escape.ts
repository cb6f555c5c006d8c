// An Escape pressed on a server-rendered screen before the app had hydrated (decision 024): the head
// script (app/prerender.tsx) notes it on #root, and the dialog the server rendered open takes it.

/**
 * Where the head script notes that Escape was pressed on a server-rendered screen before the app had
 * hydrated: a dialog the server rendered open ('Validar correo' on /perfil) is on the screen before
 * its handlers are, and closes once they are (takeHeldEscape).
 */
export const HELD_ESCAPE_PROPERTY = 'prerenderedHeldEscape';

/** Whether Escape was pressed on the server's screen before the app had hydrated (once). */
export function takeHeldEscape(root: HTMLElement | null = document.getElementById('root')): boolean {
  const store = root as unknown as Record<string, unknown> | null;
  if (store?.[HELD_ESCAPE_PROPERTY] !== true) return false;
  delete store[HELD_ESCAPE_PROPERTY];
  return true;
}
