// The client's address, for per-IP rate limits. Behind a reverse proxy every
// connection comes from the proxy, so X-Forwarded-For is read, but only the part
// that trusted proxies wrote: anyone can send that header, and a client's own
// entries sit at its left end. TRUST_PROXY says who is trusted:
//   unset       the socket's address; X-Forwarded-For is ignored
//   1, 2, ...   that many proxies in front of us (the right-most entries); the
//               socket is not checked, so the app port must be reachable only
//               through the proxy
//   CIDR list   e.g. "10.0.0.0/8, 2001:db8::/32, 127.0.0.1": X-Forwarded-For counts
//               only when the socket's peer is one of these, and is walked right to
//               left past every entry that is one of these
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; list: BlockList; text: string };

export class TrustProxyError extends Error {}

const MAX_HOPS = 10;

/** Parses TRUST_PROXY; a value it cannot read is an error, not a silent "trust nobody". */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'off') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new TrustProxyError(`TRUST_PROXY: ${hops} proxies in a row is not plausible (at most ${MAX_HOPS})`);
    return { kind: 'hops', hops };
  }
  const list = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!family || extra !== undefined || !(length >= 0 && length <= bits)) {
      throw new TrustProxyError(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range ` +
        '(give a number of proxies such as 1, or addresses such as 10.0.0.0/8, 127.0.0.1, ::1)');
    }
    list.addSubnet(address, length, family === 4 ? 'ipv4' : 'ipv6');
  }
  return { kind: 'addresses', list, text };
}

/**
 * One address in a comparable form: "::ffff:203.0.113.7" (how Node reports IPv4
 * clients on a dual-stack socket) becomes "203.0.113.7"; an X-Forwarded-For entry
 * with a port ("203.0.113.7:5000", "[2001:db8::1]:443") loses it. Null if it is
 * not an IP address.
 */
export function normalizeIp(value: string | undefined | null): string | null {
  let address = value?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  // The URL parser writes IPv6 in its one canonical form ("2001:DB8:0::1" → "2001:db8::1").
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase(); // a zone id ("fe80::1%eth0") is no URL host
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * What a per-address rate limit counts (decision 012): an IPv4 address as it is; an IPv6
 * address as its /64 ("2001:db8:1:2::7" → "2001:db8:1:2::/64"), because one subscriber or
 * server is given a whole /64 and may send from any of its 2^64 addresses. IPv4-mapped IPv6
 * is the IPv4 address; a zone id ("fe80::1%eth0") is dropped. What is not an address (the
 * "unknown" of a socket without one) is counted as written. The audit log keeps the full address.
 */
export function networkOf(ip: string): string {
  // A zone id names an interface of this host, not a part of the address.
  const address = normalizeIp(ip.replace(/%[^\]]*/, ''));
  if (!address) return ip.trim();
  if (isIP(address) === 4) return address;
  // `address` is canonical (lower case, hex groups, the longest zero run as "::"): expand it to 8 groups.
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${normalizeIp(`${groups.slice(0, 4).join(':')}::`)}/64`;
}

function trusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address from the socket's peer and the X-Forwarded-For header(s)
 * (several headers joined with commas, as fetch's Headers does). "unknown" when
 * the socket reports none.
 */
export function clientIp(peer: string | undefined | null, forwardedFor: string | undefined | null, trust: TrustProxy): string {
  const socket = normalizeIp(peer);
  if (!socket) return peer?.trim() || 'unknown';
  if (trust.kind === 'none' || !forwardedFor) return socket;
  // Right to left: what our proxy saw first, the client's own claims last.
  const chain = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean).reverse();

  if (trust.kind === 'hops') {
    // The socket is the nearest proxy; each further trusted hop names the one before it.
    let client = socket;
    for (const entry of chain.slice(0, trust.hops)) {
      const address = normalizeIp(entry);
      if (!address) break;
      client = address;
    }
    return client;
  }

  if (!trusted(trust.list, socket)) return socket;
  let client = socket;
  for (const entry of chain) {
    const address = normalizeIp(entry);
    // A malformed entry was not written by a proxy we trust: the last good address stands.
    if (!address) break;
    client = address;
    if (!trusted(trust.list, address)) break;
  }
  return client;
}
