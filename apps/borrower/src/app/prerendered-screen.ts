import type { DehydratedState } from '@tanstack/react-query';
import { REMEMBERED_EMAIL_KEY } from '../features/auth/utils/remembered-email';
import { EXPIRED_PARAM } from '../lib/return-path';
import { SESSION_STORAGE_KEY } from '../lib/session';

/**
 * The screens index.html carries already rendered (issue 33, decision 020): the two a visitor without
 * a session meets first. The build renders each at its route (./prerender.tsx) into a data block of
 * index.html; the page's scripts put the one the address asks for into #root before the first paint,
 * and the app hydrates it, keeping those nodes, instead of painting only once its script has arrived.
 */
export const PRERENDERED_SCREENS = { login: '/login', registro: '/registro' } as const;

/**
 * Inicio's splash (SPEC section 2), the first screen of a borrower with a session at Inicio, also
 * carried by index.html. It is not hydrated: the app's first render there is the same splash
 * (./startup-fallback.tsx), which replaces it, and its 2 seconds at most count from the page's first
 * paint (prerenderedSplashPaintedAt).
 */
export const PRERENDERED_SPLASH = 'inicio';

export type PrerenderedScreen = keyof typeof PRERENDERED_SCREENS | typeof PRERENDERED_SPLASH;

/** The attribute the body script sets on #root while a prerendered screen waits to be hydrated. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The page element's attribute with the head script's choice of screen, for the body script. */
export const SCREEN_ATTRIBUTE = 'data-prerendered-screen';

/**
 * When the page showed Inicio's splash itself: the time of its first contentful paint (ms since the
 * page began loading; 0 without paint timing), or null when it did not.
 */
export function prerenderedSplashPaintedAt(
  doc: Pick<Document, 'documentElement'> = document,
  timing: Pick<Performance, 'getEntriesByName'> = performance,
): number | null {
  if (doc.documentElement.getAttribute(SCREEN_ATTRIBUTE) !== PRERENDERED_SPLASH) return null;
  return timing.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
}

/**
 * The screens whose fields the app controls (React state): text typed into the prerendered page
 * before hydration would not reach the app, so their fields are read-only until it has hydrated
 * (Playwright, like a person, then waits to type). /login reads its fields from the form when it is
 * sent, so what was typed before is sent: its fields never wait.
 */
export const FIELDS_WAIT_FOR_HYDRATION: readonly PrerenderedScreen[] = ['registro'];

/** Marks a field the body script made read-only until hydration. */
export const WAITING_FIELD_ATTRIBUTE = 'data-prerendered-readonly';

/** Where the body script keeps a form submission it held back before the app had hydrated. */
export const HELD_SUBMISSION_PROPERTY = 'prerenderedHeldSubmission';

/**
 * Where the head script keeps the last tap on a server-rendered screen before the app had hydrated
 * (its buttons have no handler yet, and a link would change the address under it): the element
 * tapped, tapped again for the app once it has hydrated (decision 024).
 */
export const HELD_CLICK_PROPERTY = 'prerenderedHeldClick';

interface HeldSubmission {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/**
 * Once the app has hydrated: #root loses its mark, the fields that waited can be typed into, and a
 * form sent before (a tap on 'Ingresar' while the app's code was still on its way, which the body
 * script held back) is sent again, now to the app, so the tap is not lost; so is a tap held on a
 * server-rendered screen (HELD_CLICK_PROPERTY). An Escape held (HELD_ESCAPE_PROPERTY) waits for the
 * dialog it closes (takeHeldEscape), which may hydrate after the rest.
 */
export function finishHydration(root: HTMLElement): void {
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  for (const field of root.querySelectorAll<HTMLInputElement>(`[${WAITING_FIELD_ATTRIBUTE}]`)) {
    field.readOnly = false;
    field.removeAttribute(WAITING_FIELD_ATTRIBUTE);
  }
  const store = root as unknown as Record<string, unknown>;
  const click = store[HELD_CLICK_PROPERTY] as Element | undefined;
  delete store[HELD_CLICK_PROPERTY];
  // The element tapped may be an icon's <svg> or <path>, which has no click(): the event is sent to
  // it instead, and bubbles to the button or link around it, as the tap did.
  if (click instanceof HTMLElement && click.isConnected) click.click();
  else if (click?.isConnected)
    click.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const held = store[HELD_SUBMISSION_PROPERTY] as HeldSubmission | undefined;
  delete store[HELD_SUBMISSION_PROPERTY];
  if (!held?.form.isConnected) return;
  const submitter = held.submitter?.isConnected ? held.submitter : null;
  held.form.requestSubmit(submitter as HTMLButtonElement | null);
}

/** What the choice reads from local storage: the keys whose presence changes the first render. */
export interface PrerenderKeys {
  /** A session: the address shows a logged-in screen (or the splash), never the login form. */
  session: string;
  /** A remembered e-mail: the login form starts filled in, unlike its prerendered copy. */
  rememberedEmail: string;
  /** The login screen's notice that the session expired, which its prerendered copy does not have. */
  expiredParam: string;
}

export const PRERENDER_KEYS: PrerenderKeys = {
  session: SESSION_STORAGE_KEY,
  rememberedEmail: REMEMBERED_EMAIL_KEY,
  expiredParam: EXPIRED_PARAM,
};

/**
 * Which prerendered screen the app's first render at this address will be, or null when it would
 * be anything else (the app then renders from nothing, as without prerendering). It must agree with
 * the router: a visitor without a session at Inicio ('' or '/') is sent to /login; one with a
 * session (hasSession: a sid that is not empty) at Inicio's addresses ('', '/', '/main', '/chat')
 * sees its splash first (./startup-fallback.tsx).
 *
 * It runs in index.html's head script, as its own source text (./prerender.tsx): it uses nothing
 * outside its parameters.
 */
export function prerenderedScreenFor(
  hash: string,
  storage: Pick<Storage, 'getItem'>,
  keys: PrerenderKeys,
): PrerenderedScreen | null {
  const address = hash.replace(/^#/, '');
  const queryAt = address.indexOf('?');
  const path = (queryAt === -1 ? address : address.slice(0, queryAt)).toLowerCase();
  const query = queryAt === -1 ? '' : address.slice(queryAt + 1);
  if (path === '/registro') return 'registro';
  const sid = storage.getItem(keys.session);
  if (sid) return path === '' || path === '/' || path === '/main' || path === '/chat' ? 'inicio' : null;
  if (path !== '' && path !== '/' && path !== '/login') return null;
  if (sid !== null || storage.getItem(keys.rememberedEmail) !== null) return null;
  const expired = query.split('&').some((pair) => pair.split('=')[0] === keys.expiredParam);
  return expired ? null : 'login';
}

/**
 * The logged-in addresses the server renders for a page with a session (decision 024): the
 * screens where the borrower's own data is the first paint, and Inicio ('', '/' and '/main'), whose
 * first paint is the page's own splash (SPEC section 2) and whose screen replaces it as soon as it
 * comes. The help chat over Inicio (/chat) is left to the browser.
 */
export const SERVER_RENDERED_PATHS = /^(?:\/?|\/(?:main|perfil|aplicar|plan|plan\/[^/?#]+|historial))$/i;

/** The mark on #root of a screen the server rendered, until it is hydrated. */
export const SERVER_RENDERED_SCREEN = 'servidor';

/**
 * The address to ask the server to render, or null: one of SERVER_RENDERED_PATHS (an empty hash is
 * Inicio, '/'), with no query and no state carried by the navigation that reached it (a screen opened with a dialog, after
 * registration, renders differently). It runs in index.html's head script, as its own source text:
 * it uses nothing outside its parameters.
 */
export function serverRenderedAddress(hash: string, pattern: RegExp, historyState: unknown): string | null {
  const address = hash.replace(/^#/, '');
  if (!pattern.test(address)) return null;
  const carried =
    historyState && typeof historyState === 'object' ? (historyState as { usr?: unknown }).usr : null;
  if (carried !== null && carried !== undefined) return null;
  return address === '' ? '/' : address;
}

/** Where the head script leaves the server-rendered screen's data for the app (a property of `window`). */
export const FIRST_SCREEN_PROPERTY = 'prestamosFirstScreen';

/**
 * How long the page waits for its server-rendered screen before it starts the app without it (ms):
 * a slow answer must not hold the app back for longer than its own start would take.
 */
export const FIRST_SCREEN_WAIT_MS = 3_000;

/** What the head script keeps of a server-rendered screen for the app's first render. */
export interface FirstScreenData {
  /** React Query's dehydrated cache: the answers the screen was rendered from. */
  state: DehydratedState;
  /** The clock the screen was rendered with. */
  now: number;
}

/** The server-rendered screen's data, once: taken out of `window` so it is never used twice. */
export function takeFirstScreen(holder: object = window): FirstScreenData | null {
  const store = holder as Record<string, FirstScreenData | undefined>;
  const data = store[FIRST_SCREEN_PROPERTY];
  delete store[FIRST_SCREEN_PROPERTY];
  return data && typeof data.now === 'number' ? data : null;
}
