import { describe, expect, it } from 'vitest';
import { fetchErrorMessage, OFFLINE_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './network-error.ts';

// The browsers' DOMException (the contract is typed without the DOM library; Node has it too).
const { DOMException } = globalThis as unknown as {
  DOMException: new (message: string, name: string) => Error;
};

describe('fetchErrorMessage', () => {
  it('is the Spanish offline message', () => {
    expect(OFFLINE_MESSAGE).toBe('Sin conexión. Revisa tu internet e intenta de nuevo.');
  });

  it.each([
    ['Chrome', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['a lazy chunk', new TypeError('Failed to fetch dynamically imported module: /assets/x.js')],
    ['a timed-out signal', new DOMException('signal timed out', 'TimeoutError')],
    ['an aborted signal', new DOMException('signal is aborted without reason', 'AbortError')],
    ['Firefox abort', new DOMException('The operation was aborted. ', 'AbortError')],
    ['Safari abort', new DOMException('Fetch is aborted', 'AbortError')],
    ['a Node abort', Object.assign(new Error('This operation was aborted'), { name: 'AbortError' })],
  ])('maps %s to the offline message', (_browser, error) => {
    expect(fetchErrorMessage(error)).toBe(OFFLINE_MESSAGE);
  });

  it.each([
    ['an HTML page read as JSON', new SyntaxError('Unexpected token < in JSON at position 0')],
    ['a plain Error', new Error('boom')],
    ['a string', 'Failed to fetch'],
    ['nothing', undefined],
    ['null', null],
  ])('never shows the raw text of %s', (_what, error) => {
    const message = fetchErrorMessage(error);
    expect(message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(message).not.toMatch(/fetch|JSON|boom/);
  });
});
