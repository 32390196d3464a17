import { BlockList, isIP } from 'node:net';

/**
 * ADR 0010 SSRF guard, shared by the notifier (checks every attempt) and the gateway (checks callback and
 * notification URLs when they are registered): in production a callback, notification or webhook may not reach loopback, private,
 * link-local or otherwise internal addresses unless the operator allow-listed the host
 * (`DELIVERY_ALLOWED_HOSTS`: host names, IP addresses or CIDR ranges). Outside production loopback and
 * private addresses are allowed, so tests and local merchants on 127.0.0.1 work, but link-local and
 * cloud metadata addresses stay refused (ADR 0061): a developer's or a staging machine's metadata
 * service holds credentials too.
 */
export interface DestinationPolicy {
  /** Production rules: every internal address refused, not only link-local and metadata ones. */
  enforce: boolean;
  allowedHosts: readonly string[];
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type DestinationCheck =
  { ok: true; url: URL; pinned?: ResolvedAddress } | { ok: false; reason: string };

const internalRanges = (): BlockList => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8], // "this" network
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, cloud metadata
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24], // 6to4 relay anycast (RFC 3068, deprecated): relays into any IPv4 network
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  const v6: [string, number][] = [
    // IPv4-compatible (deprecated) addresses, `::` and `::1` among them: `::127.0.0.1` and
    // `::a9fe:a9fe` reach loopback and metadata on stacks that still map them to IPv4.
    ['::', 96],
    ['64:ff9b::', 96], // NAT64 may reach internal IPv4
    ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
    ['100::', 64],
    ['2001::', 32], // Teredo: tunnels to an embedded (obfuscated) IPv4 address, internal ones included
    ['2001:db8::', 32],
    ['2002::', 16], // 6to4: embeds any IPv4 address, internal ones included
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated, still routed on some networks)
    ['ff00::', 8], // multicast
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
};

/**
 * Refused in every environment (ADR 0061): link-local ranges, where cloud metadata services answer
 * (169.254.169.254, fd00:ec2::254), and the v6 forms that embed or tunnel to any IPv4 address (a
 * metadata address included): IPv4-compatible, 6to4 and its relays, NAT64, Teredo.
 */
const linkLocalRanges = (): BlockList => {
  const list = new BlockList();
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addSubnet('192.88.99.0', 24, 'ipv4');
  const v6: [string, number][] = [
    ['fe80::', 10],
    ['fd00:ec2::254', 128], // the IPv6 instance metadata service of AWS
    ['::a9fe:0', 112], // IPv4-compatible 169.254.0.0/16
    ['2002:a9fe::', 32], // 6to4 of 169.254.0.0/16
    ['64:ff9b::a9fe:0', 112], // NAT64 of 169.254.0.0/16
    ['64:ff9b:1::', 48],
    ['2001::', 32],
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
};

const INTERNAL = internalRanges();
const LINK_LOCAL = linkLocalRanges();

const familyOf = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** True for loopback, private, link-local, reserved and multicast addresses (v4, v6, v4-mapped v6). */
export function isInternalAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return INTERNAL.check(address, familyOf(address));
}

/** True for link-local and metadata addresses and the tunnels that may reach them: never a destination. */
export function isLinkLocalAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return LINK_LOCAL.check(address, familyOf(address));
}

export class DestinationGuard {
  private readonly allowedNames = new Set<string>();
  private readonly allowedRanges = new BlockList();

  constructor(
    private readonly policy: DestinationPolicy,
    private readonly resolve: Resolver,
  ) {
    for (const entry of policy.allowedHosts) {
      const value = entry.trim().toLowerCase();
      if (value === '') continue;
      const [net, prefix] = value.split('/');
      const family = isIP(net);
      if (family !== 0) {
        const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
        this.allowedRanges.addSubnet(net, bits, family === 4 ? 'ipv4' : 'ipv6');
      } else {
        this.allowedNames.add(value);
      }
    }
  }

  /**
   * Checks where a URL leads. In production, when the host name was resolved here, the address that
   * was checked is returned (`pinned`), so the sender connects to it and a DNS answer that changes in
   * between (rebinding) cannot lead elsewhere.
   */
  async check(rawUrl: string): Promise<DestinationCheck> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { ok: false, reason: 'not a valid URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { ok: false, reason: `scheme ${url.protocol} is not allowed` };
    }
    if (url.username || url.password) {
      return { ok: false, reason: 'credentials in the URL are not allowed' };
    }
    const host = stripBrackets(url.hostname).toLowerCase();
    if (this.allowedNames.has(host)) return { ok: true, url };
    if (isIP(host) !== 0) {
      return this.addressAllowed(host)
        ? { ok: true, url }
        : { ok: false, reason: `address ${host} is internal and not allow-listed` };
    }
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(host);
    } catch (error) {
      // Outside production a name that does not resolve (yet) cannot reach metadata either: the
      // connection attempt fails on its own, as a merchant's local test expects.
      if (!this.policy.enforce) return { ok: true, url };
      return { ok: false, reason: `host ${host} does not resolve: ${(error as Error).message}` };
    }
    if (addresses.length === 0) {
      return this.policy.enforce
        ? { ok: false, reason: `host ${host} does not resolve` }
        : { ok: true, url };
    }
    const refused = addresses.find((a) => !this.addressAllowed(a.address));
    if (refused) {
      return {
        ok: false,
        reason: `host ${host} resolves to internal address ${refused.address}`,
      };
    }
    // Outside production the sender resolves again itself, so `localhost` reaches a local receiver
    // on either loopback family (one pinned address would rule out the other).
    return this.policy.enforce ? { ok: true, url, pinned: addresses[0] } : { ok: true, url };
  }

  private addressAllowed(address: string): boolean {
    if (this.allowedRanges.check(address, familyOf(address))) return true;
    if (isLinkLocalAddress(address)) return false;
    return !this.policy.enforce || !isInternalAddress(address);
  }
}

const stripBrackets = (host: string) =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
