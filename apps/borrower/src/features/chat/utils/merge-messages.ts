import type { ChatMessageItem } from '@prestamos-hn/contract';

/**
 * Adds `incoming` to `current`: one entry per message id (an incoming copy replaces the old one, with
 * its fresh photo URL), oldest first. The same message can come from the live channel and a read.
 */
export function mergeMessages(
  current: readonly ChatMessageItem[],
  incoming: readonly ChatMessageItem[],
): ChatMessageItem[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<number, ChatMessageItem>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message id, or undefined for an empty conversation. */
export function lastMessageId(messages: readonly ChatMessageItem[]): number | undefined {
  return messages.at(-1)?.id;
}

/** Whether an answer from staff came after the message `readUpTo` (the borrower's read marker here). */
export function hasAnswerAfter(messages: readonly ChatMessageItem[], readUpTo: number): boolean {
  return messages.some((message) => message.author === 'staff' && message.id > readUpTo);
}
