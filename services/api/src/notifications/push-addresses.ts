import { BlockList, isIP } from 'node:net';

/**
 * Address ranges a push may never be sent to, by the name an operator reads in the log. The first
 * name that matches is the answer, so the cloud's metadata addresses come before their ranges.
 * A rule for an IPv4 range also matches its IPv4-mapped IPv6 form (::ffff:127.0.0.1): node's
 * BlockList compares them as one address.
 */
const RANGES: Record<string, readonly (readonly [network: string, prefix: number])[]> = {
  // AWS, GCP, Azure (169.254.169.254, and AWS's IPv6 one) and Alibaba Cloud's instance metadata.
  metadata: [
    ['169.254.169.254', 32],
    ['fd00:ec2::254', 128],
    ['100.100.100.200', 32],
  ],
  unspecified: [
    ['0.0.0.0', 8],
    ['::', 128],
  ],
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  private: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ],
  cgnat: [['100.64.0.0', 10]],
  'link-local': [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  'unique-local': [['fc00::', 7]],
  'site-local': [['fec0::', 10]],
  multicast: [
    ['224.0.0.0', 4],
    ['ff00::', 8],
  ],
  documentation: [
    ['192.0.2.0', 24],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['2001:db8::', 32],
    ['3fff::', 20],
  ],
  benchmarking: [
    ['198.18.0.0', 15],
    ['2001:2::', 48],
  ],
  // IETF protocol assignments (192.0.0.0/24), the old 6to4 relay, class E and the broadcast address.
  reserved: [
    ['192.0.0.0', 24],
    ['192.88.99.0', 24],
    ['240.0.0.0', 4],
  ],
  // IPv6 forms that carry an IPv4 address another box turns into one: a gateway or a relay could
  // take the packet to the IPv4 network behind it.
  nat64: [
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
  ],
  teredo: [['2001::', 32]],
  '6to4': [['2002::', 16]],
};

const named = Object.entries(RANGES).map(([name, subnets]) => {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return { name, list };
});

const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');
/** Where IANA hands out IPv6 unicast addresses to networks on the internet (RFC 4291 2.4). */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/**
 * Why the API may not send a push to this address, or null when it is a public unicast address.
 * IPv4 is refused by the ranges above; IPv6 must also be in 2000::/3, which leaves out the
 * IPv4-compatible (::a.b.c.d) and discard (100::/64) forms and whatever is assigned later.
 */
export function forbiddenRange(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an address';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const { name, list } of named) if (list.check(address, type)) return name;
  if (family === 4) return null;
  // BlockList maps an IPv6 rule onto IPv4 addresses too, so this one is asked of IPv6 only.
  if (ipv4Mapped.check(address, 'ipv6')) return 'ipv4-mapped';
  return globalUnicast.check(address, 'ipv6') ? null : 'not global unicast';
}
