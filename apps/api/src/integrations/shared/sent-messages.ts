/** What a message simulator accepted, kept in memory for tests. */
export interface SentMessages<T extends object> {
  /** Keeps the message and answers its id. */
  record(message: T): string;
  /** The messages kept, oldest first, each with its id (copies). */
  list(): (T & { providerId: string })[];
}

/**
 * Keeps the last `capacity` messages a simulator accepted (default 1000). Ids are `sim-<kind>-000001`,
 * `sim-<kind>-000002`, … in the order messages arrive.
 */
export function createSentMessages<T extends object>(kind: string, capacity = 1000): SentMessages<T> {
  const sent: (T & { providerId: string })[] = [];
  let sequence = 0;
  return {
    record(message) {
      sequence += 1;
      const providerId = `sim-${kind}-${String(sequence).padStart(6, '0')}`;
      sent.push({ ...message, providerId });
      if (sent.length > capacity) sent.splice(0, sent.length - capacity);
      return providerId;
    },
    list: () => sent.map((message) => ({ ...message })),
  };
}
