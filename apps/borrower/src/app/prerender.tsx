// Build time only (scripts/prerender.ts loads this module in Node through Vite): the logged-out
// screens rendered to HTML for index.html, with the styles they use, and the script that picks one
// (decision 020). Nothing here is part of the app's bundle.
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, createPath } from 'react-router';
import { CSP_NONCE_PLACEHOLDER } from '@prestamos-hn/ui';
import { App } from './app';
import {
  PRERENDER_KEYS,
  PRERENDERED_SCREENS,
  prerenderedScreenFor,
  type PrerenderedScreen,
} from './prerendered-screen';
import { routes, whenRouterReady } from './router';

/** The attribute the page script sets on #root while a prerendered screen waits to be hydrated. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export interface Prerendered {
  /** Each screen's markup, as the app renders it at its route. */
  screens: Record<PrerenderedScreen, string>;
  /** The `<style>` elements of every rule those screens use, each with the nonce placeholder. */
  styleTags: string;
}

/**
 * Renders each logged-out screen as the app's first render there will be: the same routes, theme and
 * style cache key, and a router that writes links as the hash router does (`#/registro`), so the
 * browser's hydration finds exactly the nodes it would have made.
 */
export async function prerender(): Promise<Prerendered> {
  // One cache for both screens, so a rule they share is written once. Its nonce is the placeholder
  // the server fills in per response (apps/api/src/web/style-nonce.ts).
  const styleCache = createCache({ key: 'css', nonce: CSP_NONCE_PLACEHOLDER });
  const emotion = createEmotionServer(styleCache);
  const screens = {} as Record<PrerenderedScreen, string>;
  for (const [screen, path] of Object.entries(PRERENDERED_SCREENS) as [PrerenderedScreen, string][]) {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    router.createHref = (to) => `#${typeof to === 'string' ? to : createPath(to)}`;
    await whenRouterReady(router);
    if (router.state.errors) throw new Error(`La pantalla ${path} no se pudo prerenderizar.`);
    screens[screen] = withoutStyleAttributes(
      renderToString(
        <StrictMode>
          <App router={router} styleCache={styleCache} />
        </StrictMode>,
      ),
    );
    router.dispose();
  }
  const styles = emotion.extractCriticalToChunks(Object.values(screens).join(''));
  return { screens, styleTags: emotion.constructStyleTagsFromChunks(styles) };
}

/** The attribute that carries an element's inline style in the page until the page script sets it. */
const STYLE_ATTRIBUTE = 'data-prerendered-style';

/**
 * The page's policy refuses `style="…"` in markup (style-src without 'unsafe-inline'; React sets
 * styles through the DOM, which the policy allows). MUI writes a few (a link's underline colour, a
 * collapsed box's height): they travel as another attribute, which the page script applies through
 * the DOM. React's markup escapes every `"` in values and text, so ` style="` is only an attribute.
 */
export function withoutStyleAttributes(markup: string): string {
  return markup.replaceAll(' style="', ` ${STYLE_ATTRIBUTE}="`);
}

/**
 * The page script, inline in index.html after the templates: it runs while the page is read, before
 * the first paint.
 * - It moves the template of the screen the address shows (prerenderedScreenFor, as its own source)
 *   into #root, gives its elements their inline styles (withoutStyleAttributes) and marks #root.
 *   Until the app has hydrated, it keeps a form from being sent by the browser itself (a GET with the
 *   password in the address).
 * - It runs the app's entry module (`entry`), which the page itself does not name.
 *   - With no screen to show, once the page has been read; the entry and its imports (`preloads`)
 *     are preloaded at once, as the page's own module script and preloads would have been.
 *   - With a screen, once the page has been read and that screen's first paint is on the screen,
 *     without preloads: the app's code is then fetched and evaluated after the first paint, never
 *     before it. Lighthouse takes a script that arrives before the first paint for one that holds it
 *     back, and a phone's slow core would evaluate it before painting.
 *   A module script added by a script runs when it has arrived, not in the page's order: it is
 *   added once the page has been read, or runs in a page already read, after zod's configuration
 *   (a deferred script of the head).
 * Storage that cannot be read means no prerendered screen; the app starts all the same.
 */
export function pageScript(entry: string, preloads: string[]): string {
  return `(function () {
  var preloads = ${JSON.stringify(preloads)};
  var screen = null;
  try {
    screen = (${prerenderedScreenFor.toString()})(location.hash, localStorage, ${JSON.stringify(PRERENDER_KEYS)});
    var root = document.getElementById('root');
    var template = screen && document.getElementById('prerendered-' + screen);
    if (!root || !template || root.firstChild) {
      screen = null;
    } else {
      root.appendChild(template.content);
      var styled = root.querySelectorAll('[${STYLE_ATTRIBUTE}]');
      for (var i = 0; i < styled.length; i++) {
        styled[i].style.cssText = styled[i].getAttribute('${STYLE_ATTRIBUTE}');
        styled[i].removeAttribute('${STYLE_ATTRIBUTE}');
      }
      root.setAttribute('${PRERENDERED_ATTRIBUTE}', screen);
      document.addEventListener('submit', function (event) {
        var current = document.getElementById('root');
        if (current && current.hasAttribute('${PRERENDERED_ATTRIBUTE}')) event.preventDefault();
      }, true);
    }
  } catch (error) {
    screen = null;
  }
  function preload() {
    for (var p = 0; p < preloads.length; p++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[p];
      document.head.appendChild(link);
    }
  }
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  }
  // After the first contentful paint has been presented (its timing entry exists then), or after
  // a second where paint timing is missing or the page is hidden and does not paint.
  function afterFirstPaint() {
    var started = false;
    function once() {
      if (!started) {
        started = true;
        start();
      }
    }
    setTimeout(once, 1000);
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(once);
      }).observe({ type: 'paint', buffered: true });
    } catch (error) {
      once();
    }
  }
  // No screen to show first: the app's modules are fetched at once, as the page's own preloads
  // would be, and the entry runs once the page has been read.
  if (!screen) preload();
  var whenRead = screen ? afterFirstPaint : start;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenRead);
  else whenRead();
})();`;
}
