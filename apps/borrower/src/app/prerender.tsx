// Build time only (scripts/prerender.ts loads this module in Node through Vite): the logged-out
// screens rendered to HTML for index.html, with the styles they use, and the two scripts that pick
// and show one (decision 020). Nothing here is part of the app's bundle.
import createCache, { type EmotionCache } from '@emotion/cache';
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { endpointRoutes, FIRST_SCREEN_PATH } from '@prestamos-hn/contract';
import { BRAND_NAME_PLACEHOLDER, CSP_NONCE_PLACEHOLDER } from '@prestamos-hn/ui';
import { SplashScreen } from '../components/splash-screen';
import { everyStyleOf } from './emotion-chunks';
import { getApiUrl } from '../config/env';
import { APP_VERSION } from '../config/version';
import { EARLY_CALLS, EARLY_CALLS_PROPERTY, earlyCallUrls } from '../lib/early-calls';
import { HELD_ESCAPE_PROPERTY } from '../lib/held-escape';
import { App } from './app';
import {
  FIELDS_WAIT_FOR_HYDRATION,
  FIRST_SCREEN_PROPERTY,
  FIRST_SCREEN_WAIT_MS,
  HELD_CLICK_PROPERTY,
  HELD_SUBMISSION_PROPERTY,
  PRERENDER_KEYS,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_SCREENS,
  PRERENDERED_SPLASH,
  prerenderedScreenFor,
  SCREEN_ATTRIBUTE,
  SERVER_RENDERED_PATHS,
  SERVER_RENDERED_SCREEN,
  serverRenderedAddress,
  WAITING_FIELD_ATTRIBUTE,
  type PrerenderedScreen,
} from './prerendered-screen';
import { AppProvider } from './provider';
import { routeFor } from './router';

/** A screen as index.html carries it, in its data block. */
export interface PrerenderedMarkup {
  /** The `<style>` elements of the rules the screen uses, each with the nonce placeholder. */
  styleTags: string;
  /** The screen's markup, as the app renders it at its route. */
  markup: string;
}

/**
 * Renders each logged-out screen as the app's first render there will be: the same routes, theme and
 * style cache key, and links written as in the page (`#/registro`), so the browser's hydration finds
 * exactly the nodes it would have made. Inicio's splash is rendered with
 * the app's providers and its brand placeholder, which the server fills in as everywhere in the page.
 */
export async function prerender(): Promise<Record<PrerenderedScreen, PrerenderedMarkup>> {
  const screens = {} as Record<PrerenderedScreen, PrerenderedMarkup>;
  for (const [screen, path] of Object.entries(PRERENDERED_SCREENS) as [PrerenderedScreen, string][]) {
    // Its code first, so the render is the screen itself (a failed import fails the build).
    await routeFor(path).screen.preload();
    screens[screen] = render((styleCache) => <App ssrPath={path} styleCache={styleCache} />);
  }
  screens[PRERENDERED_SPLASH] = render((styleCache) => (
    <AppProvider styleCache={styleCache}>
      <SplashScreen brandName={BRAND_NAME_PLACEHOLDER} />
    </AppProvider>
  ));
  return screens;

  /** The screen with a style cache of its own: its tags hold every rule its render inserted. */
  function render(screen: (styleCache: EmotionCache) => ReactElement): PrerenderedMarkup {
    // Its nonce is the placeholder the server fills in per response (apps/api/src/web/style-nonce.ts).
    const styleCache = createCache({ key: 'css', nonce: CSP_NONCE_PLACEHOLDER });
    const styles = everyStyleOf(styleCache);
    const markup = withoutStyleAttributes(renderToString(<StrictMode>{screen(styleCache)}</StrictMode>));
    return { styleTags: styles.styleTags(), markup };
  }
}

/** The attribute that carries an element's inline style in the page until the body script sets it. */
const STYLE_ATTRIBUTE = 'data-prerendered-style';

/**
 * The page's policy refuses `style="…"` in markup (style-src without 'unsafe-inline'; React sets
 * styles through the DOM, which the policy allows). MUI writes a few (a link's underline colour, a
 * collapsed box's height): they travel as another attribute, which the body script applies through
 * the DOM. React's markup escapes every `"` in values and text, so ` style="` is only an attribute.
 */
export function withoutStyleAttributes(markup: string): string {
  return markup.replaceAll(' style="', ` ${STYLE_ATTRIBUTE}="`);
}

/**
 * Gives the elements under `root` the inline styles they carry as `attribute` (STYLE_ATTRIBUTE,
 * withoutStyleAttributes), through the DOM, which the policy allows. It runs in both page scripts
 * (a build-time screen, a server-rendered one), as its own source text: it uses nothing outside its
 * parameters.
 */
export function applyInlineStyles(root: ParentNode, attribute: string): void {
  const styled = root.querySelectorAll<HTMLElement>('[' + attribute + ']');
  for (let i = 0; i < styled.length; i++) {
    styled[i]!.style.cssText = styled[i]!.getAttribute(attribute) ?? '';
    styled[i]!.removeAttribute(attribute);
  }
}

/** How many of the app's modules the head script preloads in one task (the first ones with the entry). */
export const PRELOADS_PER_TASK = 4;

/**
 * How the head script runs one of the app's modules: the browser's dynamic import (the page's
 * policy allows the site's own scripts). The page script's tests give their own, which notes the
 * address.
 */
export const IMPORT_MODULE = 'function (url) { return import(url); }';

/**
 * The page's two inline scripts (scripts/prerender.ts writes them; the server names each by its
 * hash). They run while the page is read, before the first paint.
 *
 * `headScript`, last in the head:
 * - It asks prerenderedScreenFor (as its own source) which screen the address shows and writes it on
 *   the page's element (`data-prerendered-screen`) for the body script.
 * - With none, it preloads the app's modules at once (`preloads`: the entry and its imports, which the
 *   page itself does not name), as the page's own preloads would have been.
 * - Once the page has been read, it runs the entry module (`entry`): at once when no screen is
 *   showing, as the page's own module script would have (so after zod's configuration, a deferred
 *   script of the head); when one is, only once its first paint is on the screen, together with its
 *   preloads: the app's code is fetched and evaluated after the first paint. Lighthouse takes any
 *   script that has arrived before the first paint for one that held it back, and a phone's slow
 *   core would evaluate it before painting. The preloads come with the entry, not after it: the
 *   browser then fetches the entry's imports alongside it instead of one round trip later (/registro
 *   97 against 92, TBT 190 against 342 ms, in one pair of Lighthouse runs).
 * - The entry's imports run before it, one module file per task (`importModule`, in the order Vite
 *   preloads them, each after the ones it imports), and the entry last: all of them in the entry's
 *   one evaluation was a single long task on a slow core (MUI's styles and theme, React, the app's
 *   modules: 120 to 225 ms at 4x at Inicio).
 * - With a session at an address the server renders (SERVER_RENDERED_PATHS, decision 024), it asks
 *   for that screen (FIRST_SCREEN_PATH) instead, shows it when it comes and starts the app after its
 *   paint; with no answer, or none within FIRST_SCREEN_WAIT_MS, the app starts as without it. At
 *   Inicio the answer replaces the page's splash as soon as it comes (the splash shows while Inicio
 *   loads, 2 seconds at most: docs/ux.md, "Inicio's splash").
 * - With a session anywhere else (the help chat over Inicio), it sends the address's early calls
 *   (lib/early-calls.ts) at once and leaves them on `window` for the app's API client, which takes
 *   their answers instead of asking again.
 * Storage that cannot be read means no prerendered screen and no early call; the app starts all the
 * same.
 */
export function headScript(
  entry: string,
  preloads: string[],
  earlyCalls: Record<string, string[]> = earlyCallTable(),
  importModule: string = IMPORT_MODULE,
): string {
  return `(function () {
  var screen = null;
  try {
    screen = (${prerenderedScreenFor.toString()})(location.hash, localStorage, ${JSON.stringify(PRERENDER_KEYS)});
  } catch (error) {
    screen = null;
  }
  document.documentElement.setAttribute('${SCREEN_ATTRIBUTE}', screen || '');
  var sid = null;
  try {
    sid = localStorage.getItem(${JSON.stringify(PRERENDER_KEYS.session)});
  } catch (error) {
    sid = null;
  }
  var firstScreen = null;
  var askedHash = location.hash;
  try {
    var address = sid && (!screen || screen === '${PRERENDERED_SPLASH}')
      ? (${serverRenderedAddress.toString()})(location.hash, ${SERVER_RENDERED_PATHS.toString()}, history.state)
      : null;
    if (address) {
      firstScreen = fetch(${JSON.stringify(FIRST_SCREEN_PATH)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sid: sid, address: address, now: Date.now(), version: ${JSON.stringify(APP_VERSION)} }),
        cache: 'no-store'
      }).then(function (response) {
        return response.status === 200 ? response.json() : null;
      }).catch(function () {
        return null;
      });
    }
  } catch (error) {
    firstScreen = null;
  }
  var early = [];
  window.${EARLY_CALLS_PROPERTY} = early;
  try {
    var urls = sid && !firstScreen ? (${earlyCallUrls.toString()})(location.hash, ${JSON.stringify(earlyCalls)}) : [];
    var body = JSON.stringify({ sid: sid });
    for (var u = 0; u < urls.length; u++) {
      var response = fetch(urls[u], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body,
        cache: 'no-store'
      });
      response.catch(function () {});
      early.push({ url: urls[u], body: body, sentAt: performance.now(), response: response });
    }
  } catch (error) {}
  var preloads = ${JSON.stringify(preloads)};
  var preloaded = false;
  // A few links per task: each costs a slow phone's main thread about 4 ms (Chromium's trace at 4x),
  // and all of them in one task held it for more than 50 ms.
  function preload() {
    if (preloaded) return;
    preloaded = true;
    var next = 0;
    (function batch() {
      for (var end = Math.min(next + ${PRELOADS_PER_TASK}, preloads.length); next < end; next++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preloads[next];
        document.head.appendChild(link);
      }
      if (next < preloads.length) setTimeout(batch);
    })();
  }
  var importModule = ${importModule};
  var importsRun = null;
  // The entry's imports, one file per task, once; whoever needs them waits for the same run. A file
  // that fails to load ends it: the entry then loads as it would have, and fails or not by itself.
  function runImports() {
    if (importsRun) return importsRun;
    var files = preloads.filter(function (url) {
      return url !== ${JSON.stringify(entry)};
    });
    importsRun = new Promise(function (done) {
      var next = 0;
      (function one() {
        if (next >= files.length) return done();
        Promise.resolve(files[next++]).then(importModule).then(function () {
          setTimeout(one);
        }, done);
      })();
    });
    return importsRun;
  }
  function start() {
    preload();
    runImports().then(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = ${JSON.stringify(entry)};
      document.head.appendChild(script);
    });
  }
  function onceOf(callback) {
    var called = false;
    return function (value) {
      if (!called) {
        called = true;
        callback(value);
      }
    };
  }
  // Calls back with the first contentful paint's time once it is on the screen (its timing entry
  // exists then), or with 0 (the page's start) after a second where paint timing is missing or the
  // page is hidden and does not paint.
  function afterFirstPaint(callback) {
    var once = onceOf(callback);
    setTimeout(function () {
      once(0);
    }, 1000);
    try {
      new PerformanceObserver(function (list, observer) {
        var paint = list.getEntriesByName('first-contentful-paint')[0];
        if (!paint) return;
        observer.disconnect();
        setTimeout(function () {
          once(paint.startTime);
        });
      }).observe({ type: 'paint', buffered: true });
    } catch (error) {
      once(0);
    }
  }
  // After the next frame has been painted (a changed screen is on it), or after a second where the
  // page is hidden and paints no frame.
  function afterNextPaint(callback) {
    var once = onceOf(callback);
    setTimeout(once, 1000);
    try {
      requestAnimationFrame(function () {
        setTimeout(once);
      });
    } catch (error) {
      once();
    }
  }
  // The server's screen: its rules into the head (with the page's style nonce, named as Emotion
  // names them, so the app's style cache does not insert them again), its markup into #root, its
  // inline styles set through the DOM, its data left for the app.
  // Inicio's replaces the page's splash; any other fills the empty #root. The address must still be
  // the one asked for.
  function showFirstScreen(answer) {
    var root = document.getElementById('root');
    if (!answer || !root || location.hash !== askedHash) return false;
    if (root.firstChild && root.getAttribute('${PRERENDERED_ATTRIBUTE}') !== '${PRERENDERED_SPLASH}') return false;
    var nonceMeta = document.querySelector('meta[property="csp-nonce"]');
    var nonce = nonceMeta ? nonceMeta.nonce || nonceMeta.getAttribute('nonce') || '' : '';
    for (var c = 0; c < answer.styles.length; c++) {
      var style = document.createElement('style');
      style.setAttribute('data-emotion', answer.styles[c].key + ' ' + answer.styles[c].ids.join(' '));
      style.nonce = nonce;
      style.textContent = answer.styles[c].css;
      document.head.appendChild(style);
    }
    root.innerHTML = answer.markup;
    (${applyInlineStyles.toString()})(root, '${STYLE_ATTRIBUTE}');
    window.${FIRST_SCREEN_PROPERTY} = { state: answer.state, now: answer.now };
    root.setAttribute('${PRERENDERED_ATTRIBUTE}', '${SERVER_RENDERED_SCREEN}');
    // Until the app has hydrated, a tap is kept for it (finishHydration taps again): a button has
    // no handler yet, and a link would change the address under the screen being hydrated.
    document.addEventListener('click', function (event) {
      var current = document.getElementById('root');
      if (!current || current.getAttribute('${PRERENDERED_ATTRIBUTE}') !== '${SERVER_RENDERED_SCREEN}') return;
      if (!current.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      current.${HELD_CLICK_PROPERTY} = event.target;
    }, true);
    // So is Escape, for a dialog the server rendered open.
    document.addEventListener('keydown', function (event) {
      var current = document.getElementById('root');
      if (event.key !== 'Escape' || !current) return;
      if (current.getAttribute('${PRERENDERED_ATTRIBUTE}') !== '${SERVER_RENDERED_SCREEN}') return;
      current.${HELD_ESCAPE_PROPERTY} = true;
    }, true);
    return true;
  }
  // The app starts after the server's screen has painted, or without it: when there is none, or
  // none within ${FIRST_SCREEN_WAIT_MS} ms. Inicio's replaces the page's splash as soon as it comes
  // (the splash shows while Inicio loads, docs/ux.md); the app's code downloads once the screen
  // is on the phone's screen, as for every other screen.
  function withFirstScreen(overSplash) {
    var settled = false;
    var answered = false;
    var withoutIt = function () {
      if (settled) return;
      settled = true;
      start();
    };
    var show = function (answer) {
      if (settled) return;
      var shown = false;
      try {
        shown = showFirstScreen(answer);
      } catch (error) {
        shown = false;
      }
      if (!shown) return withoutIt();
      settled = true;
      if (overSplash) afterNextPaint(start);
      else afterFirstPaint(start);
    };
    setTimeout(function () {
      if (!answered) withoutIt();
    }, ${FIRST_SCREEN_WAIT_MS});
    firstScreen.then(function (answer) {
      if (settled) return;
      answered = true;
      if (!answer) return withoutIt();
      show(answer);
    });
  }
  if (!screen && !firstScreen) preload();
  function whenRead() {
    var root = document.getElementById('root');
    var prerendered = root ? root.getAttribute('${PRERENDERED_ATTRIBUTE}') : null;
    if (firstScreen && (!prerendered || prerendered === '${PRERENDERED_SPLASH}')) {
      withFirstScreen(prerendered === '${PRERENDERED_SPLASH}');
    } else if (prerendered) {
      afterFirstPaint(start);
    } else {
      start();
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenRead, { once: true });
  else whenRead();
})();`;
}

/**
 * EARLY_CALLS with each call's address, as the app's API client writes it (lib/api-client.ts): only
 * session reads sent as POST, whose body is the session alone.
 */
export function earlyCallTable(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(EARLY_CALLS).map(([path, names]) => [
      path,
      names.map((name) => {
        const route = endpointRoutes[name];
        if (route.method !== 'POST' || route.access !== 'session')
          throw new Error(`${name}: solo lecturas con sesión, por POST, se envían antes.`);
        return `${getApiUrl()}/${route.file}`;
      }),
    ]),
  );
}

/**
 * `bodyScript`, after the screens: it puts the screen the head script chose into the page (each is
 * a data block, `<script type="text/html">`, whose text the browser only reads as it reads the page,
 * instead of building every screen's nodes on every visit): its markup into #root and its `<style>`
 * elements into the head, gives its elements their inline styles (withoutStyleAttributes), makes the fields of a screen the app controls read-only
 * until hydration (FIELDS_WAIT_FOR_HYDRATION), and marks #root. Until the app has hydrated, it keeps a
 * form from being sent by the browser itself (a GET with the password in the address) and holds the
 * submission for the app (finishHydration). A visit without a screen builds none of their nodes and
 * applies none of their rules.
 */
export function bodyScript(): string {
  return `(function () {
  try {
    var screen = document.documentElement.getAttribute('${SCREEN_ATTRIBUTE}');
    var root = document.getElementById('root');
    var source = screen && document.getElementById('prerendered-' + screen);
    if (!root || !source || root.firstChild) return;
    root.innerHTML = source.textContent;
    var styles = root.querySelectorAll('style');
    for (var s = 0; s < styles.length; s++) document.head.appendChild(styles[s]);
    (${applyInlineStyles.toString()})(root, '${STYLE_ATTRIBUTE}');
    if (${JSON.stringify(FIELDS_WAIT_FOR_HYDRATION)}.indexOf(screen) !== -1) {
      var fields = root.querySelectorAll('input, textarea');
      for (var f = 0; f < fields.length; f++) {
        if (fields[f].readOnly) continue;
        fields[f].readOnly = true;
        fields[f].setAttribute('${WAITING_FIELD_ATTRIBUTE}', '');
      }
    }
    root.setAttribute('${PRERENDERED_ATTRIBUTE}', screen);
    document.addEventListener('submit', function (event) {
      var current = document.getElementById('root');
      if (!current || !current.hasAttribute('${PRERENDERED_ATTRIBUTE}')) return;
      event.preventDefault();
      current.${HELD_SUBMISSION_PROPERTY} = { form: event.target, submitter: event.submitter || null };
    }, true);
  } catch (error) {}
})();`;
}
