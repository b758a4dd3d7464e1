// Which network addresses are not the public internet (decision 0031): loopback, private,
// link-local (the cloud metadata service, 169.254.169.254), unique-local (fly.io's fdaa::), CGNAT,
// multicast, reserved and the rest of IANA's special-purpose ranges, IPv4 and IPv6, with the IPv6
// forms that carry an IPv4 address inside (::ffff:127.0.0.1, NAT64, 6to4, Teredo) judged by that
// address. Pure, so the staff forms (in the browser too) and the outbound guard share it.

type Range = { bytes: number[]; bits: number; name: string };

/** "10.0.0.0/8" → its bytes and prefix length. */
function cidr(text: string, name: string): Range {
  const [address, bits] = text.split("/");
  return { bytes: [...parseIp(address)!], bits: Number(bits), name };
}

const V4_RANGES: Range[] = [
  cidr("0.0.0.0/8", "this network (0.0.0.0/8)"),
  cidr("10.0.0.0/8", "private (10.0.0.0/8)"),
  cidr("100.64.0.0/10", "carrier-grade NAT (100.64.0.0/10)"),
  cidr("127.0.0.0/8", "loopback (127.0.0.0/8)"),
  cidr("169.254.169.254/32", "the cloud metadata service (169.254.169.254)"),
  cidr("169.254.0.0/16", "link-local (169.254.0.0/16)"),
  cidr("172.16.0.0/12", "private (172.16.0.0/12)"),
  cidr("192.0.0.0/24", "IETF protocol assignments (192.0.0.0/24)"),
  cidr("192.0.2.0/24", "documentation (192.0.2.0/24)"),
  cidr("192.88.99.0/24", "the 6to4 relay (192.88.99.0/24)"),
  cidr("192.168.0.0/16", "private (192.168.0.0/16)"),
  cidr("198.18.0.0/15", "benchmarking (198.18.0.0/15)"),
  cidr("198.51.100.0/24", "documentation (198.51.100.0/24)"),
  cidr("203.0.113.0/24", "documentation (203.0.113.0/24)"),
  cidr("224.0.0.0/4", "multicast (224.0.0.0/4)"),
  cidr("255.255.255.255/32", "broadcast (255.255.255.255)"),
  cidr("240.0.0.0/4", "reserved (240.0.0.0/4)"),
];

const V6_RANGES: Range[] = [
  cidr("::/128", "unspecified (::)"),
  cidr("::1/128", "loopback (::1)"),
  cidr("::/96", "IPv4-compatible (::/96, deprecated)"),
  cidr("64:ff9b:1::/48", "local-use NAT64 (64:ff9b:1::/48)"),
  cidr("100::/64", "discard-only (100::/64)"),
  cidr("2001:db8::/32", "documentation (2001:db8::/32)"),
  cidr("2001:2::/48", "benchmarking (2001:2::/48)"),
  cidr("2001:10::/28", "ORCHID (2001:10::/28)"),
  cidr("3fff::/20", "documentation (3fff::/20)"),
  cidr("fc00::/7", "unique-local (fc00::/7)"),
  cidr("fe80::/10", "link-local (fe80::/10)"),
  cidr("fec0::/10", "site-local (fec0::/10, deprecated)"),
  cidr("ff00::/8", "multicast (ff00::/8)"),
];

/** IPv6 forms that carry an IPv4 address: the offset of its 4 bytes; it decides. */
const V4_INSIDE_V6: (Range & { at: number; xor?: number })[] = [
  { ...cidr("::ffff:0:0/96", "IPv4-mapped"), at: 12 },
  { ...cidr("::ffff:0:0:0/96", "IPv4-translated"), at: 12 },
  { ...cidr("64:ff9b::/96", "NAT64"), at: 12 },
  { ...cidr("2002::/16", "6to4"), at: 2 },
  // Teredo: the client's address, each bit inverted, in the last 4 bytes (the server's, in bytes 4-7, is checked too).
  { ...cidr("2001::/32", "Teredo"), at: 12, xor: 0xff },
];
const TEREDO_SERVER_AT = 4;

function inRange(bytes: Uint8Array, range: Range) {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const mask = range.bits - bit >= 8 ? 0xff : (0xff << (8 - (range.bits - bit))) & 0xff;
    if ((bytes[bit / 8] & mask) !== (range.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

/** Dotted decimal, exactly four parts 0-255 (what DNS answers and the URL parser's normal form are). */
function parseIPv4(text: string): Uint8Array | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return Uint8Array.from(parts.map(Number));
}

/** Any IPv6 text form: "::" shortening, an IPv4 tail, brackets, a zone (%eth0). */
function parseIPv6(text: string): Uint8Array | null {
  const address = text.replace(/^\[(.*)\]$/, "$1").replace(/%[^%]*$/, "");
  if (!/^[0-9a-f:.]+$/i.test(address)) return null;
  let groups: string[];
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (s: string) => (s === "" ? [] : s.split(":"));
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  const last = (halves.length === 2 ? tail : head).at(-1);
  const v4 = last?.includes(".") ? parseIPv4(last) : null;
  if (last?.includes(".") && !v4) return null;
  const width = 8 - (v4 ? 2 : 0);
  const hexHead = halves.length === 2 ? head : head.slice(0, v4 ? -1 : undefined);
  const hexTail = halves.length === 2 ? tail.slice(0, v4 ? -1 : undefined) : [];
  if (halves.length === 2) {
    if (hexHead.length + hexTail.length >= width) return null;
    groups = [...hexHead, ...Array<string>(width - hexHead.length - hexTail.length).fill("0"), ...hexTail];
  } else {
    if (hexHead.length !== width) return null;
    groups = hexHead;
  }
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  });
  if (v4) bytes.set(v4, 12);
  return bytes;
}

/** An IP address's bytes (4 for IPv4, 16 for IPv6), or null when the text is not one. */
export function parseIp(text: string): Uint8Array | null {
  return parseIPv4(text) ?? (text.includes(":") ? parseIPv6(text) : null);
}

const v4Text = (bytes: Uint8Array) => [...bytes].join(".");

/**
 * The non-public range an IP address is in, as words ("loopback (127.0.0.0/8)"), or null for a
 * public address. Text that is not an IP address is "not an IP address" (never public).
 * IPv6 outside 2000::/3, the global unicast space, is reserved, except the forms carrying IPv4.
 */
export function internalRange(ip: string): string | null {
  const bytes = parseIp(ip);
  if (!bytes) return "not an IP address";
  if (bytes.length === 4) return V4_RANGES.find((r) => inRange(bytes, r))?.name ?? null;
  for (const form of V4_INSIDE_V6) {
    if (!inRange(bytes, form)) continue;
    const v4 = bytes.slice(form.at, form.at + 4).map((b) => b ^ (form.xor ?? 0));
    const inside = internalRange(v4Text(v4));
    if (inside) return `${inside} inside ${form.name} ${ip}`;
    if (form.name === "Teredo") {
      const server = internalRange(v4Text(bytes.slice(TEREDO_SERVER_AT, TEREDO_SERVER_AT + 4)));
      if (server) return `${server} inside Teredo ${ip}`;
    }
    return null;
  }
  const named = V6_RANGES.find((r) => inRange(bytes, r));
  if (named) return named.name;
  return (bytes[0] & 0xe0) === 0x20 ? null : "reserved IPv6 (outside 2000::/3)";
}

/** Whether an IP address is not on the public internet (see internalRange). */
export const isInternalAddress = (ip: string) => internalRange(ip) !== null;

/**
 * Top-level names that only ever mean a local or private network: reserved for it (localhost,
 * local, internal, home.arpa; fly.io's private network is *.internal, Google's metadata server
 * metadata.google.internal), or the private-use names RFC 6762 lists.
 */
const INTERNAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "intranet", "private", "corp", "home", "lan"];

/**
 * Why a host name (as in a URL: an IP in brackets for IPv6) obviously names an internal host, or
 * null. For staff input: an IP literal in an internal range, localhost and the internal suffixes,
 * and names that spell an internal IPv4 address for a wildcard DNS service (127.0.0.1.nip.io,
 * 10-0-0-1.sslip.io). A name that merely resolves to one is found at fetch time, by the guard.
 */
export function internalHostName(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (parseIp(host.replace(/^\[(.*)\]$/, "$1"))) {
    const range = internalRange(host.replace(/^\[(.*)\]$/, "$1"));
    return range && `${hostname} is ${range}`;
  }
  const suffix = INTERNAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix) return `${hostname} is a name of a local network (.${suffix})`;
  // Overlapping: each separator may start one (app.1.127.0.0.1.nip.io holds 1.127.0.0 and 127.0.0.1).
  const quads = [...host.matchAll(/(?:^|[.-])(?=(\d{1,3}[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3})(?:$|[.-]))/g)].map((m) =>
    m[1].replace(/-/g, "."),
  );
  for (const quad of quads) {
    const range = parseIPv4(quad) && internalRange(quad);
    if (range) return `${hostname} spells the address ${quad}, ${range}`;
  }
  return null;
}
