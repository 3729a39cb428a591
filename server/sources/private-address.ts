/**
 * Which IP addresses a server-side fetch must not reach: anything that is not a public unicast
 * address (private, loopback, link-local, CGNAT, multicast, documentation, reserved …).
 * Textual forms come from the WHATWG URL parser (IPv6 in brackets) or from DNS answers
 * (IPv6 possibly with a zone id or a dotted IPv4 tail, as in `::ffff:127.0.0.1`).
 */

/** IPv4 ranges that are not public unicast (IANA special-purpose registry, RFC 6890 and successors). */
const NON_PUBLIC_V4 = [
  ["0.0.0.0", 8], // "this network", includes the unspecified address
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, where cloud metadata services live
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes the broadcast address
] as const;

const V4_RANGES = NON_PUBLIC_V4.map(([base, prefix]) => ({ base: parseIPv4(base)!, mask: (0xffffffff << (32 - prefix)) >>> 0 }));

/**
 * IPv6 is checked the other way round: only global unicast (2000::/3) can be public, minus the
 * special blocks below. Addresses that embed an IPv4 address are judged by that address.
 */
const NON_PUBLIC_V6_IN_GLOBAL = [
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, …)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const;

const V6_RANGES = NON_PUBLIC_V6_IN_GLOBAL.map(([base, prefix]) => ({ base: parseIPv6(base)!, prefix }));

function inV6(address: bigint, base: bigint, prefix: number): boolean {
  const shift = BigInt(128 - prefix);
  return address >> shift === base >> shift;
}

const IPV4_MAPPED = parseIPv6("::ffff:0:0")!; // ::ffff:0:0/96
const NAT64 = parseIPv6("64:ff9b::")!; // 64:ff9b::/96
const SIX_TO_FOUR = parseIPv6("2002::")!; // 2002::/16, IPv4 in bits 16–47
const GLOBAL_UNICAST = parseIPv6("2000::")!; // 2000::/3

/** Dotted-quad IPv4 as an unsigned 32-bit number, or null. */
function parseIPv4(text: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  let value = 0;
  for (const part of match.slice(1)) {
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** IPv6 (optionally bracketed, with a zone id or a dotted IPv4 tail) as a 128-bit number, or null. */
function parseIPv6(text: string): bigint | null {
  let s = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  s = s.split("%")[0]!;
  const lastColon = s.lastIndexOf(":");
  if (lastColon < 0) return null;
  if (s.includes(".", lastColon)) {
    const v4 = parseIPv4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

function isNonPublicIPv4(address: number): boolean {
  return V4_RANGES.some(({ base, mask }) => ((address & mask) >>> 0) === base);
}

function isNonPublicIPv6(address: bigint): boolean {
  if (inV6(address, IPV4_MAPPED, 96) || inV6(address, NAT64, 96)) {
    return isNonPublicIPv4(Number(address & 0xffffffffn));
  }
  if (inV6(address, SIX_TO_FOUR, 16)) return isNonPublicIPv4(Number((address >> 80n) & 0xffffffffn));
  if (!inV6(address, GLOBAL_UNICAST, 3)) return true; // ::, ::1, fc00::/7, fe80::/10, ff00::/8, …
  return V6_RANGES.some(({ base, prefix }) => inV6(address, base, prefix));
}

/** Whether `host` is an IPv4 or IPv6 address rather than a name (as URL.hostname spells it, or bare). */
export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}

/** True unless `address` is a public unicast address. Fails closed: text that is no address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return isNonPublicIPv4(v4);
  const v6 = parseIPv6(address);
  return v6 === null || isNonPublicIPv6(v6);
}
