import { isIP } from 'node:net';

/**
 * The key a per-IP limit counts a client by (issue 32 point 2). An IPv4 address counts as itself,
 * and so does an IPv4-mapped IPv6 one (`::ffff:203.0.113.7`). An IPv6 address counts by its /64:
 * one subscriber usually gets a whole /64, so counting single addresses would let that subscriber
 * rotate through 2^64 of them. Anything else (no address, a name) is kept as it is.
 */
export function rateLimitKeyOfIp(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.split('%')[0]!.toLowerCase();
  if (isIP(address) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros ('::' expanded). */
function expandIpv6(address: string): string[] {
  // An embedded IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head, tail] = withoutV4.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}
