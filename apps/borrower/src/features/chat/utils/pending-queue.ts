/**
 * The messages the borrower wrote that the server has not stored yet, kept on the device (local
 * storage, per borrower) so that a message typed without connection survives a reload and leaves,
 * in order, when the connection returns. Each carries the `clientId` it was made with: sending it
 * again after a lost answer stores it once.
 */
export interface PendingMessage {
  clientId: string;
  text: string;
  loanId?: number;
  /** The photo, as a data URL (scaled before, so it fits in local storage). */
  imageDataUrl?: string;
  /** When it was written (ISO 8601). */
  createdAt: string;
  /** The server refused it with this message: it is not sent again (the borrower may remove it). */
  error?: string;
}

export const PENDING_STORAGE_PREFIX = 'chatPending:';

/** One queue per borrower on a shared phone (by the e-mail of the session data). */
export function pendingStorageKey(owner: string | null | undefined): string {
  return `${PENDING_STORAGE_PREFIX}${owner?.trim().toLowerCase() || 'sin-sesion'}`;
}

/** 16 random bytes as hex: the message's own id (crypto.randomUUID needs a secure context; this does not). */
export function newClientId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isPendingMessage(value: unknown): value is PendingMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.clientId === 'string' &&
    typeof v.text === 'string' &&
    typeof v.createdAt === 'string' &&
    (v.loanId === undefined || typeof v.loanId === 'number') &&
    (v.imageDataUrl === undefined || typeof v.imageDataUrl === 'string') &&
    (v.error === undefined || typeof v.error === 'string')
  );
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface PendingStore {
  /** The queue, oldest first (the same array until it changes). */
  list(): readonly PendingMessage[];
  add(message: PendingMessage): void;
  remove(clientId: string): void;
  markFailed(clientId: string, error: string): void;
  /** Called after every change, here or (through `reload`) in another tab. */
  subscribe(listener: () => void): () => void;
  /** Reads the storage again (another tab changed it). */
  reload(): void;
}

/**
 * The queue in `storage` under `key`. What cannot be saved (no storage, or it is full: a big photo)
 * stays in memory for this page, so it is still shown and sent.
 */
export function createPendingStore(key: string, storage: StorageLike | null): PendingStore {
  let unsaved: PendingMessage[] = [];
  let snapshot: readonly PendingMessage[] = [];
  const listeners = new Set<() => void>();

  const readSaved = (): PendingMessage[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isPendingMessage) : [];
    } catch {
      return [];
    }
  };
  const writeSaved = (list: PendingMessage[]): boolean => {
    if (!storage) return false;
    try {
      if (list.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(list));
      return true;
    } catch {
      return false;
    }
  };
  const compute = (): PendingMessage[] => {
    const saved = readSaved();
    const savedIds = new Set(saved.map((m) => m.clientId));
    unsaved = unsaved.filter((m) => !savedIds.has(m.clientId));
    return [...saved, ...unsaved].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  };
  const refresh = () => {
    const next = compute();
    if (JSON.stringify(next) !== JSON.stringify(snapshot)) snapshot = next;
    for (const listener of [...listeners]) listener();
  };
  const change = (edit: (list: PendingMessage[]) => PendingMessage[]) => {
    writeSaved(edit(readSaved()));
    unsaved = edit(unsaved);
    refresh();
  };
  snapshot = compute();

  return {
    list: () => snapshot,
    add(message) {
      const saved = readSaved();
      if (!writeSaved([...saved, message])) unsaved = [...unsaved, message];
      refresh();
    },
    remove(clientId) {
      change((list) => list.filter((m) => m.clientId !== clientId));
    },
    markFailed(clientId, error) {
      change((list) => list.map((m) => (m.clientId === clientId ? { ...m, error } : m)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload: refresh,
  };
}
