import { afterEach, describe, expect, it } from 'vitest';
import {
  endHydrationClock,
  firstRenderNow,
  pageBrandName,
  pageHash,
  renderScope,
  setRenderScopeReader,
  startHydrationClock,
  type RenderScope,
} from './render-scope';
import { getSessionData, getSid } from './session';

const scope: RenderScope = {
  sid: 'sid-del-servidor',
  sessionData: null,
  brandName: 'Lempiras Ya',
  address: '/plan/7',
  now: Date.UTC(2026, 10, 28, 16, 0),
  fetch: () => Promise.reject(new Error('not called')),
};

describe('render scope (what a server render reads instead of the browser, decision 024)', () => {
  afterEach(() => {
    setRenderScopeReader(() => undefined);
    endHydrationClock();
    localStorage.clear();
  });

  it('in the browser, every reader falls back to the browser', () => {
    localStorage.setItem('sid', 'sid-del-telefono');
    window.location.hash = '#/historial';
    expect(renderScope()).toBeUndefined();
    expect(getSid()).toBe('sid-del-telefono');
    expect(pageHash()).toBe('#/historial');
    expect(pageBrandName()).toBe('Préstamos HN');
    expect(Math.abs(firstRenderNow().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("during a server render, the request's session, address, brand and clock", () => {
    localStorage.setItem('sid', 'sid-del-telefono');
    setRenderScopeReader(() => scope);
    expect(getSid()).toBe('sid-del-servidor');
    expect(getSessionData()).toBeNull();
    expect(pageHash()).toBe('#/plan/7');
    expect(pageBrandName()).toBe('Lempiras Ya');
    expect(firstRenderNow().getTime()).toBe(scope.now);
  });

  it('while the browser hydrates a server-rendered screen, the clock it was rendered with; then the real one', () => {
    startHydrationClock(scope.now);
    expect(firstRenderNow().getTime()).toBe(scope.now);
    endHydrationClock();
    expect(Math.abs(firstRenderNow().getTime() - Date.now())).toBeLessThan(1000);
  });
});
