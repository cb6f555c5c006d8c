import { describe, expect, it } from 'vitest';
import { rateLimitKeyOfIp } from './client-ip.ts';

describe('rateLimitKeyOfIp', () => {
  it('keeps an IPv4 address, and the IPv4 of an IPv4-mapped IPv6 one', () => {
    expect(rateLimitKeyOfIp('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKeyOfIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(rateLimitKeyOfIp('2001:db8:1:2::a')).toBe(key);
    expect(rateLimitKeyOfIp('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(rateLimitKeyOfIp('2001:db8:1:2:0:0:0:1%eth0')).toBe(key);
    expect(rateLimitKeyOfIp('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(rateLimitKeyOfIp('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKeyOfIp('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKeyOfIp('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps what is not an address', () => {
    expect(rateLimitKeyOfIp(undefined)).toBe('unknown');
    expect(rateLimitKeyOfIp('proxy.local')).toBe('proxy.local');
  });
});
