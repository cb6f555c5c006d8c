import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_TEXT, showOfflineNotice } from './offline-notice';

describe('showOfflineNotice', () => {
  let remove: () => void = () => undefined;
  afterEach(() => remove());

  it('says so while the browser is offline, and nothing once it is back online', () => {
    const state = { onLine: false };
    const win = Object.assign(new EventTarget(), { navigator: state }) as unknown as Window;
    remove = showOfflineNotice(document, win);
    const notice = document.querySelector('[role="status"]')!;
    expect(notice.textContent).toBe(OFFLINE_TEXT);
    expect(document.body.firstElementChild).toBe(notice);

    state.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(notice.textContent).toBe('');

    state.onLine = false;
    win.dispatchEvent(new Event('offline'));
    expect(notice.textContent).toBe(OFFLINE_TEXT);

    remove();
    expect(document.querySelector('[role="status"]')).toBeNull();
  });
});
