import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache';

describe('createLruCache', () => {
  it('evicts the least recently used entry when full', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('keeps null values apart from missing ones and refreshes a key that is set again', () => {
    const cache = createLruCache<string, number | null>(2);
    cache.set('a', null);
    cache.set('b', 2);
    cache.set('a', 5);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    expect(cache.get('a')).toBe(5);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('zz')).toBeUndefined();
  });

  it('refuses a capacity below one', () => {
    expect(() => createLruCache(0)).toThrow(RangeError);
  });
});
