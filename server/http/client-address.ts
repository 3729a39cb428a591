/**
 * Who is asking: the client address that sign-in limits count. The socket address is the client
 * unless it is one of the configured trusted proxies (TRUSTED_PROXIES); then the address that proxy
 * saw — the right-most X-Forwarded-For (or Forwarded `for=`) entry that is not itself a trusted
 * proxy — is. Nobody else's headers are believed: a client that sends its own X-Forwarded-For
 * straight to the server is counted by its socket address.
 *
 * IPv6 clients are counted by their /64: one household or server holds a whole /64, so counting
 * single addresses would hand out 2^64 budgets.
 */

type Parsed = { v: 4; bits: bigint } | { v: 6; bits: bigint };
type Range = { v: 4 | 6; bits: bigint; prefix: number };
export type TrustedProxies = readonly Range[];

function parseIPv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let bits = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    bits = (bits << 8n) | BigInt(Number(part));
  }
  return bits;
}

function parseIPv6(text: string): bigint | null {
  let head = text;
  let tail4: bigint | null = null;
  const lastColon = head.lastIndexOf(":");
  if (head.includes(".")) {
    tail4 = parseIPv4(head.slice(lastColon + 1));
    if (tail4 === null) return null;
    head = `${head.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  let bits = 0n;
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    bits = (bits << 16n) | BigInt(Number.parseInt(g, 16));
  }
  if (tail4 !== null) bits = (bits & ~0xffffffffn) | tail4;
  return bits;
}

/** An address as the socket, a header or the configuration writes it: `1.2.3.4`, `::1`, `[2001:db8::1]`, `::ffff:1.2.3.4`. */
export function parseAddress(text: string): Parsed | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const v4 = parseIPv4(bare);
  if (v4 !== null) return { v: 4, bits: v4 };
  const v6 = parseIPv6(bare);
  if (v6 === null) return null;
  // An IPv4 client on a dual-stack socket: the same client as its IPv4 address.
  if (v6 >> 32n === 0xffffn) return { v: 4, bits: v6 & 0xffffffffn };
  return { v: 6, bits: v6 };
}

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`10.0.0.0/8, 127.0.0.1, fd00::/8`). */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  if (!raw?.trim()) return [];
  return raw.split(",").map((entry) => {
    const [address, prefixText] = entry.trim().split("/");
    const parsed = parseAddress(address ?? "");
    const width = parsed?.v === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? width : Number(prefixText);
    if (!parsed || !Number.isInteger(prefix) || prefix < 0 || prefix > width) {
      throw new Error(`TRUSTED_PROXIES: "${entry.trim()}" is not an address or a CIDR range`);
    }
    return { v: parsed.v, bits: parsed.bits, prefix };
  });
}

function inRange(a: Parsed, r: Range): boolean {
  if (a.v !== r.v) return false;
  const width = BigInt(a.v === 4 ? 32 : 128);
  const shift = width - BigInt(r.prefix);
  return a.bits >> shift === r.bits >> shift;
}

const isTrusted = (a: Parsed, trusted: TrustedProxies) => trusted.some((r) => inRange(a, r));

/** The hops a proxy chain recorded, nearest last: X-Forwarded-For, else RFC 7239 Forwarded `for=`. */
function forwardedHops(headers: Headers): string[] {
  const xff = headers.get("x-forwarded-for");
  if (xff) return xff.split(",").map((s) => s.trim());
  const forwarded = headers.get("forwarded");
  if (!forwarded) return [];
  return forwarded.split(",").map((element) => {
    const pair = element.split(";").map((p) => p.trim()).find((p) => /^for=/i.test(p));
    // `for="[2001:db8::1]:4711"` or `for=192.0.2.60:8080`: the address without its port.
    const value = (pair?.slice(4) ?? "").replace(/^"|"$/g, "");
    return value.startsWith("[") ? value.slice(0, value.indexOf("]") + 1) : value.replace(/:\d+$/, "");
  });
}

function key(a: Parsed): string {
  if (a.v === 4) return [24n, 16n, 8n, 0n].map((s) => String((a.bits >> s) & 0xffn)).join(".");
  const prefix64 = a.bits >> 64n;
  const groups = [48n, 32n, 16n, 0n].map((s) => ((prefix64 >> s) & 0xffffn).toString(16));
  return `${groups.join(":")}::/64`;
}

/**
 * The key a per-client limit counts for a request that came from `socketAddress`: the client's
 * IPv4 address or IPv6 /64. "unknown" when the host gives no address (one shared budget).
 */
export function clientKey(socketAddress: string | undefined, headers: Headers, trusted: TrustedProxies): string {
  const socket = socketAddress === undefined ? null : parseAddress(socketAddress);
  if (!socket) return "unknown";
  if (!isTrusted(socket, trusted)) return key(socket);
  const hops = forwardedHops(headers);
  let client = socket;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!);
    // A hop our own proxy wrote but that is no address: the proxy itself is all we know.
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return key(client);
}

/** Whether a host name or address stays on this machine (`localhost`, 127.0.0.0/8, `::1`). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  const parsed = parseAddress(bare);
  if (!parsed) return false;
  return parsed.v === 4 ? parsed.bits >> 24n === 127n : parsed.bits === 1n;
}
