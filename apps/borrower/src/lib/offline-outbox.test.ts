import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { createOutbox, newOutboxId, outboxOwner, type OutboxEntry, type SendOutcome } from './offline-outbox';

let databases = 0;
/**
 * A fresh outbox name and database for each test (its BroadcastChannel hears no other test); two
 * outboxes on one name and database stand for two tabs.
 */
function fresh(): [string, ReturnType<typeof createStore>] {
  databases += 1;
  return [`test-${databases}`, createStore(`outbox-test-${databases}`, 'outbox')];
}

const entry = (id: string, owner: string, minute: number, text = id): OutboxEntry<{ text: string }> => ({
  id,
  owner,
  createdAt: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
  payload: { text },
});

describe('createOutbox', () => {
  it("keeps each owner's entries, oldest first, across a new page (the same database)", async () => {
    const [name, store] = fresh();
    const outbox = createOutbox<{ text: string }>(name, store);
    await outbox.add(entry('b', 'ana@correo.hn', 2));
    await outbox.add(entry('a', 'ana@correo.hn', 1));
    await outbox.add(entry('c', 'otra@correo.hn', 0));

    const reopened = createOutbox<{ text: string }>(name, store);
    expect((await reopened.list('ana@correo.hn')).map((e) => e.id)).toEqual(['a', 'b']);
    expect((await reopened.list('otra@correo.hn')).map((e) => e.id)).toEqual(['c']);
  });

  it('sends oldest first, removes what the server took, keeps a refusal, and stops at the first that must wait', async () => {
    const outbox = createOutbox<{ text: string }>(...fresh());
    await outbox.add(entry('1', 'ana', 1));
    await outbox.add(entry('2', 'ana', 2));
    await outbox.add(entry('3', 'ana', 3));
    await outbox.add(entry('4', 'ana', 4));
    const outcomes: Record<string, SendOutcome> = {
      '1': 'sent',
      '2': { refused: 'Ese pago no es la próxima cuota.' },
      '3': 'retry-later',
      '4': 'sent',
    };
    const send = vi.fn(async (e: OutboxEntry<{ text: string }>) => outcomes[e.id]!);

    const sent = await outbox.flush('ana', send);

    expect(sent.map((e) => e.id)).toEqual(['1']);
    expect(send.mock.calls.map(([e]) => e.id)).toEqual(['1', '2', '3']);
    const left = await outbox.list('ana');
    expect(left.map((e) => [e.id, e.error])).toEqual([
      ['2', 'Ese pago no es la próxima cuota.'],
      ['3', undefined],
      ['4', undefined],
    ]);

    // Later the network is back: the refused one is not tried again.
    send.mockClear();
    outcomes['3'] = 'sent';
    expect((await outbox.flush('ana', send)).map((e) => e.id)).toEqual(['3', '4']);
    expect(send.mock.calls.map(([e]) => e.id)).toEqual(['3', '4']);
    expect((await outbox.list('ana')).map((e) => e.id)).toEqual(['2']);
  });

  it('sends each entry once when asked twice at the same time, and once more for an entry added meanwhile', async () => {
    const outbox = createOutbox<{ text: string }>(...fresh());
    await outbox.add(entry('1', 'ana', 1));
    let release: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async (e: OutboxEntry<{ text: string }>): Promise<SendOutcome> => {
      if (e.id === '1') await firstHeld;
      return 'sent';
    });

    const first = outbox.flush('ana', send);
    const second = outbox.flush('ana', send);
    await outbox.add(entry('2', 'ana', 2));
    release();

    expect(second).toBe(first);
    expect((await first).map((e) => e.id)).toEqual(['1', '2']);
    expect(send.mock.calls.map(([e]) => e.id)).toEqual(['1', '2']);
  });

  it('does not send what another tab sent meanwhile', async () => {
    const [name, store] = fresh();
    const here = createOutbox<{ text: string }>(name, store);
    const otherTab = createOutbox<{ text: string }>(name, store);
    await here.add(entry('1', 'ana', 1));
    await here.add(entry('2', 'ana', 2));
    const send = vi.fn(async (e: OutboxEntry<{ text: string }>): Promise<SendOutcome> => {
      if (e.id === '1') await otherTab.remove('2'); // the other tab sent it while this one sent '1'
      return 'sent';
    });

    expect((await here.flush('ana', send)).map((e) => e.id)).toEqual(['1']);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tells its listeners after every change', async () => {
    const outbox = createOutbox<{ text: string }>(...fresh());
    const listener = vi.fn();
    const stop = outbox.subscribe(listener);
    await outbox.add(entry('1', 'ana', 1));
    await outbox.markFailed('1', 'No.');
    await outbox.remove('1');
    stop();
    await outbox.add(entry('2', 'ana', 2));
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('outboxOwner and newOutboxId', () => {
  it('names the owner by the e-mail, whatever its case, and a fixed name without one', () => {
    expect(outboxOwner(' Ana@Correo.HN ')).toBe('ana@correo.hn');
    expect(outboxOwner(null)).toBe('sin-sesion');
  });

  it('makes 32 hex digits, different each time', () => {
    const [a, b] = [newOutboxId(), newOutboxId()];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});
