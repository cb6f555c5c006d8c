import type { ChatMessageItem } from '@prestamos-hn/contract';
import { describe, expect, it } from 'vitest';
import { hasAnswerAfter, lastMessageId, mergeMessages } from './merge-messages';

const message = (
  id: number,
  author: 'borrower' | 'staff' = 'borrower',
  imageUrl: string | null = null,
): ChatMessageItem => ({
  id,
  author,
  authorName: author === 'staff' ? 'Carla' : null,
  text: `Mensaje ${id}`,
  imageUrl,
  loanId: null,
  receiptId: null,
  clientId: author === 'borrower' ? `cliente-${id}` : null,
  createdAt: '2026-11-22T15:00:00.000Z',
});

describe('mergeMessages', () => {
  it('keeps one message per id, oldest first, the incoming copy winning', () => {
    const merged = mergeMessages(
      [message(1), message(3, 'borrower', 'https://x/viejo')],
      [message(3, 'borrower', 'https://x/nuevo'), message(2, 'staff'), message(4)],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(merged[2]!.imageUrl).toBe('https://x/nuevo');
  });

  it('leaves the list as it is when nothing comes', () => {
    const current = [message(1)];
    expect(mergeMessages(current, [])).toEqual(current);
  });
});

describe('lastMessageId and hasAnswerAfter', () => {
  it('find the newest id and unseen answers', () => {
    const list = [message(1), message(2, 'staff'), message(5)];
    expect(lastMessageId(list)).toBe(5);
    expect(lastMessageId([])).toBeUndefined();
    expect(hasAnswerAfter(list, 1)).toBe(true);
    expect(hasAnswerAfter(list, 2)).toBe(false);
  });
});
