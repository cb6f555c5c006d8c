import { describe, expect, it } from 'vitest';
import { createPendingStore, newClientId, pendingStorageKey, type PendingMessage } from './pending-queue';

/** A local storage that holds at most `quota` characters, like a phone's. */
function memoryStorage(quota = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

const message = (n: number, extra: Partial<PendingMessage> = {}): PendingMessage => ({
  clientId: `cliente-000${n}`,
  text: `Mensaje ${n}`,
  createdAt: `2026-11-22T15:00:0${n}.000Z`,
  ...extra,
});

describe('the pending queue', () => {
  it('keeps messages in order in local storage, so another page load (or tab) finds them', () => {
    const storage = memoryStorage();
    const store = createPendingStore('chatPending:ana@correo.hn', storage);
    store.add(message(2));
    store.add(message(1));
    expect(store.list().map((m) => m.text)).toEqual(['Mensaje 1', 'Mensaje 2']);
    const again = createPendingStore('chatPending:ana@correo.hn', storage);
    expect(again.list()).toEqual(store.list());
    again.remove('cliente-0001');
    store.reload();
    expect(store.list().map((m) => m.clientId)).toEqual(['cliente-0002']);
    again.remove('cliente-0002');
    expect(storage.items.size).toBe(0);
  });

  it('marks a refused message with its error and tells listeners', () => {
    const store = createPendingStore('k', memoryStorage());
    let calls = 0;
    store.subscribe(() => calls++);
    store.add(message(1));
    const before = store.list();
    store.markFailed('cliente-0001', 'Tu mensaje puede tener hasta 1000 caracteres.');
    expect(store.list()).not.toBe(before);
    expect(store.list()[0]!.error).toBe('Tu mensaje puede tener hasta 1000 caracteres.');
    expect(calls).toBe(2);
  });

  it('keeps what does not fit in storage (a big photo) in memory for this page', () => {
    const storage = memoryStorage(500);
    const store = createPendingStore('k', storage);
    store.add(message(1));
    store.add(message(2, { imageDataUrl: `data:image/jpeg;base64,${'A'.repeat(1000)}` }));
    expect(store.list().map((m) => m.clientId)).toEqual(['cliente-0001', 'cliente-0002']);
    expect(JSON.parse(storage.items.get('k')!)).toHaveLength(1);
    store.remove('cliente-0002');
    expect(store.list().map((m) => m.clientId)).toEqual(['cliente-0001']);
  });

  it('works without storage at all, and ignores what is not a queue', () => {
    const store = createPendingStore('k', null);
    store.add(message(1));
    expect(store.list()).toHaveLength(1);
    const storage = memoryStorage();
    storage.setItem('k', '{"no": "es una lista"}');
    expect(createPendingStore('k', storage).list()).toEqual([]);
    storage.setItem('k', '[{"clientId": 1}]');
    expect(createPendingStore('k', storage).list()).toEqual([]);
  });

  it('keys the queue by borrower and makes client ids the server accepts', () => {
    expect(pendingStorageKey(' Ana@Correo.hn ')).toBe('chatPending:ana@correo.hn');
    expect(pendingStorageKey(null)).toBe('chatPending:sin-sesion');
    expect(newClientId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientId()).not.toBe(newClientId());
  });
});
