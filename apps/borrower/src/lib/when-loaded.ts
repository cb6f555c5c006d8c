/**
 * Resolves once the page's `load` event is over: at once when it already is. Behind a prerendered
 * screen the app runs after the first paint, often after that event (decision 020), so a listener
 * alone could wait for ever.
 */
export function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
