import type { AccountSummary } from '@prestamos-hn/contract';
import { readBrandName } from '@prestamos-hn/ui';

/**
 * What a logged-in screen's first render reads from the browser, when the server renders it instead
 * (app/server-render.tsx, decision 024): the session, the brand, the address, the clock and the way
 * the API is reached all come from the page's request. In the browser there is no scope and every
 * reader below falls back to the browser itself.
 */
export interface RenderScope {
  sid: string;
  /** The session's data as the page keeps it (who is logged in), or null. */
  sessionData: AccountSummary | null;
  brandName: string;
  /** The address rendered: the hash's path and query, `/plan/12`. */
  address: string;
  /** The page's clock when it asked (ms since the epoch): the first render's "now". */
  now: number;
  /** The API, reached in-process: same requests, same answers, same session and ownership checks. */
  fetch(url: string, init: RequestInit): Promise<Response>;
}

let readScope: () => RenderScope | undefined = () => undefined;

/** The scope of the server render running now; undefined in the browser. */
export function renderScope(): RenderScope | undefined {
  return readScope();
}

/** Set once by the server render (its AsyncLocalStorage), so concurrent renders keep their own. */
export function setRenderScopeReader(reader: () => RenderScope | undefined): void {
  readScope = reader;
}

let hydrationNow: number | null = null;

/**
 * The instant a first render takes as "now": the server's render and the browser's hydration of it
 * must agree (a day's difference changes a plan's labels), so the browser takes the page's clock of
 * the request until the hydration is over (`endHydrationClock`), and the real clock after.
 */
export function firstRenderNow(): Date {
  const scope = renderScope();
  if (scope) return new Date(scope.now);
  return new Date(hydrationNow ?? Date.now());
}

/** While the browser hydrates a server-rendered screen: the clock it was rendered with. */
export function startHydrationClock(now: number): void {
  hydrationNow = now;
}

export function endHydrationClock(): void {
  hydrationNow = null;
}

/** The brand shown: the server's setting, which the page carries (or the scope, on the server). */
export function pageBrandName(): string {
  return renderScope()?.brandName ?? readBrandName(document);
}

/** The address shown: the page's hash (or the scope's address, on the server). */
export function pageHash(): string {
  const scope = renderScope();
  return scope ? `#${scope.address}` : window.location.hash;
}
