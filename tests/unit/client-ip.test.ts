// The client's address for per-IP limits: the socket's peer, unless a proxy we
// trust (TRUST_PROXY) forwarded the request; then the right part of
// X-Forwarded-For, never the part a client could write itself.
import { describe, expect, it } from 'vitest';
import { clientIp, networkOf, normalizeIp, parseTrustProxy, TrustProxyError } from '#platform/http/client-ip.server.ts';

const none = parseTrustProxy(undefined);
const oneHop = parseTrustProxy('1');
const twoHops = parseTrustProxy('2');
const proxies = parseTrustProxy('10.0.0.0/8, 192.168.1.5, fd00::/8, ::1');

describe('parseTrustProxy', () => {
  it('reads nothing, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy(' ')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('off')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('127.0.0.1,::1').kind).toBe('addresses');
  });

  it('refuses what it cannot read instead of trusting nobody (or everybody) silently', () => {
    for (const bad of ['true', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129', 'proxy.example.com', '10.0.0.0/x', '1.2.3', '99']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(TrustProxyError);
    }
    expect(() => parseTrustProxy('10.0.0.0/8, nonsense')).toThrow(/"nonsense" is not an IP address or CIDR range/);
  });
});

describe('normalizeIp', () => {
  it('writes IPv4-mapped IPv6 as IPv4, IPv6 in its canonical form, and drops ports', () => {
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(normalizeIp('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normalizeIp('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalizeIp('203.0.113.7:5000')).toBe('203.0.113.7');
    expect(normalizeIp(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIp('unknown')).toBeNull();
    expect(normalizeIp('')).toBeNull();
    expect(normalizeIp(undefined)).toBeNull();
  });
});

describe('networkOf (what a per-address rate limit counts)', () => {
  it('counts an IPv6 address as its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    expect(networkOf('2001:db8:1:2::1')).toBe(network);
    expect(networkOf('2001:db8:1:2::40')).toBe(network);
    expect(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(network);
    expect(networkOf('2001:DB8:1:2:aBcD::9')).toBe(network);
    expect(networkOf('[2001:db8:1:2::1]:443')).toBe(network);
    expect(networkOf('fe80::1%eth0')).toBe('fe80::/64');
    expect(networkOf('fe80::1%25en0')).toBe('fe80::/64');
    // Zeros in the first half are compressed the canonical way.
    expect(networkOf('2001:db8::1')).toBe('2001:db8::/64');
    expect(networkOf('2001:0:0:5::1')).toBe('2001:0:0:5::/64');
    expect(networkOf('0:0:0:0:0:0:0:1')).toBe('::/64');
    expect(networkOf('::')).toBe('::/64');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe(network);
    // Another /64 is another subject.
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('keeps an IPv4 address (also IPv4-mapped IPv6) as it is', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf(' 203.0.113.7:5000 ')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7%eth0')).toBe('203.0.113.7');
  });

  it('counts what is no address as written (a socket that reports none is "unknown")', () => {
    expect(networkOf('unknown')).toBe('unknown');
    expect(networkOf(' garbage ')).toBe('garbage');
    expect(networkOf('2001:db8:::1')).toBe('2001:db8:::1');
    expect(networkOf('abc%def')).toBe('abc%def');
    expect(networkOf('')).toBe('');
  });
});

describe('clientIp', () => {
  it('without TRUST_PROXY: the socket address, whatever X-Forwarded-For says (a spoofed header)', () => {
    expect(clientIp('203.0.113.7', '198.51.100.1', none)).toBe('203.0.113.7');
    expect(clientIp('::ffff:203.0.113.7', undefined, none)).toBe('203.0.113.7');
    expect(clientIp('2001:db8::7', '198.51.100.1', none)).toBe('2001:db8::7');
    expect(clientIp(undefined, '198.51.100.1', none)).toBe('unknown');
  });

  it('with a trusted proxy list: X-Forwarded-For counts only when the socket is one of the proxies', () => {
    // Through the proxy: the address the proxy saw.
    expect(clientIp('10.0.0.2', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientIp('::ffff:10.0.0.2', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientIp('::1', '2001:db8::42', proxies)).toBe('2001:db8::42');
    expect(clientIp('fd12::3', '::ffff:198.51.100.1', proxies)).toBe('198.51.100.1');
    // Straight to the app port, with a made-up header: ignored.
    expect(clientIp('203.0.113.7', '10.0.0.9, 198.51.100.1', proxies)).toBe('203.0.113.7');
    expect(clientIp('2001:db8::7', '198.51.100.1', proxies)).toBe('2001:db8::7');
    // Through the proxy without a header: the proxy itself.
    expect(clientIp('10.0.0.2', undefined, proxies)).toBe('10.0.0.2');
  });

  it('walks several trusted hops right to left, and stops at the first untrusted address', () => {
    // client → CDN edge (trusted 192.168.1.5) → load balancer (10.0.0.2) → app
    expect(clientIp('10.0.0.2', '198.51.100.1, 192.168.1.5', proxies)).toBe('198.51.100.1');
    // A client that prepends its own entries cannot choose its address: the walk stops at the real one.
    expect(clientIp('10.0.0.2', '1.1.1.1, 10.9.9.9, 198.51.100.1, 192.168.1.5', proxies)).toBe('198.51.100.1');
    // Several X-Forwarded-For headers arrive joined with commas.
    expect(clientIp('10.0.0.2', '6.6.6.6, 198.51.100.1,192.168.1.5', proxies)).toBe('198.51.100.1');
    // Every entry a proxy: the left-most is as far as we can see.
    expect(clientIp('10.0.0.2', '10.1.1.1, 192.168.1.5', proxies)).toBe('10.1.1.1');
    // An entry that is no address was not written by a trusted proxy: the last good one stands.
    expect(clientIp('10.0.0.2', 'garbage, 192.168.1.5', proxies)).toBe('192.168.1.5');
    expect(clientIp('10.0.0.2', '[2001:db8::5]:1234', proxies)).toBe('2001:db8::5');
  });

  it('with a hop count: the entry that many proxies from the app, never further left', () => {
    expect(clientIp('127.0.0.1', '198.51.100.1', oneHop)).toBe('198.51.100.1');
    expect(clientIp('127.0.0.1', '6.6.6.6, 198.51.100.1', oneHop)).toBe('198.51.100.1');
    expect(clientIp('127.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.3', twoHops)).toBe('198.51.100.1');
    expect(clientIp('127.0.0.1', '2001:db8::9', oneHop)).toBe('2001:db8::9');
    // Fewer entries than hops: the left-most there is; none: the socket.
    expect(clientIp('127.0.0.1', '198.51.100.1', twoHops)).toBe('198.51.100.1');
    expect(clientIp('127.0.0.1', undefined, oneHop)).toBe('127.0.0.1');
    expect(clientIp('127.0.0.1', 'not-an-address', oneHop)).toBe('127.0.0.1');
  });
});
