import { useEffect, useState } from 'react';
import type { Outbox, OutboxEntry } from '../lib/offline-outbox';

/** The owner's entries in `outbox`, kept current (this page's changes and other tabs'). */
export function useOutboxEntries<T>(outbox: Outbox<T>, owner: string): readonly OutboxEntry<T>[] {
  const [entries, setEntries] = useState<readonly OutboxEntry<T>[]>([]);
  useEffect(() => {
    let isCurrent = true;
    const read = () =>
      void outbox.list(owner).then(
        (list) => isCurrent && setEntries(list),
        () => undefined, // no IndexedDB (a private window may refuse it): nothing queued to show
      );
    read();
    const unsubscribe = outbox.subscribe(read);
    return () => {
      isCurrent = false;
      unsubscribe();
    };
  }, [outbox, owner]);
  return entries;
}
