// The guard against server-side request forgery for outbound webhook calls: a target's host is
// resolved and refused when any of its addresses is loopback, private, link-local, multicast,
// unspecified, reserved or the cloud metadata address, in every spelling (IPv4 in decimal,
// octal and hex parts; IPv6; IPv4 inside IPv6: mapped, compatible, NAT64, 6to4). The caller then
// connects to the address that was checked (`pinnedLookup`), so DNS cannot answer differently
// between the check and the connection. Hosts named in WEBHOOK_ALLOW_HOSTS skip the check.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';

export type BlockedKind =
  'loopback' | 'private' | 'link-local' | 'multicast' | 'unspecified' | 'metadata' | 'reserved';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** One part of a loose IPv4 spelling: decimal, octal (leading 0) or hex (0x). */
function ipv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return undefined;
}

/**
 * An IPv4 address in any spelling inet_aton accepts (and so do URL parsers and many HTTP
 * clients): 1 to 4 parts, the last filling the remaining bytes: 2130706433, 0177.0.0.1, 0x7f.1.
 * Returns it as a 32-bit number, or undefined when `text` is not one.
 */
export function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return undefined;
  const values = parts.map(ipv4Part);
  if (values.some((v) => v === undefined)) return undefined;
  const nums = values as number[];
  const last = nums[nums.length - 1];
  const lead = nums.slice(0, -1);
  if (lead.some((v) => v > 255)) return undefined;
  if (last >= 2 ** (8 * (5 - nums.length))) return undefined;
  let value = 0;
  lead.forEach((v, i) => {
    value += v * 2 ** (8 * (3 - i));
  });
  return value + last;
}

export function formatIPv4(value: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.');
}

/** An IPv6 address as 8 groups of 16 bits, or undefined (zone ids are refused). */
export function parseIPv6(text: string): number[] | undefined {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!s.includes(':') || s.includes('%')) return undefined;
  // A trailing dotted IPv4 stands for the last two groups.
  let tail: number[] = [];
  const dotted = s.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = dotted[2].split('.').map(Number);
    if (v4.some((b) => b > 255)) return undefined;
    tail = [v4[0] * 256 + v4[1], v4[2] * 256 + v4[3]];
    s = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = new Array<number>(8 - known).fill(0);
  return [
    ...head.map((g) => parseInt(g, 16)),
    ...zeros,
    ...rest.map((g) => parseInt(g, 16)),
    ...tail,
  ];
}

const v4 = (a: number, b: number, c: number, d: number) => ((a * 256 + b) * 256 + c) * 256 + d;

/** [first address, prefix length, kind], checked in order (the metadata address first). */
const V4_BLOCKS: Array<[number, number, BlockedKind]> = [
  [v4(169, 254, 169, 254), 32, 'metadata'],
  [v4(0, 0, 0, 0), 8, 'unspecified'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'private'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'],
  [v4(192, 0, 2, 0), 24, 'reserved'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'reserved'],
  [v4(198, 51, 100, 0), 24, 'reserved'],
  [v4(203, 0, 113, 0), 24, 'reserved'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

export function classifyIPv4(value: number): BlockedKind | undefined {
  for (const [start, bits, kind] of V4_BLOCKS) {
    const size = 2 ** (32 - bits);
    if (value >= start && value < start + size) return kind;
  }
  return undefined;
}

export function classifyIPv6(g: number[]): BlockedKind | undefined {
  const embedded = (hi: number, lo: number) => classifyIPv4(hi * 65536 + lo);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d).
  if (zeroUpTo(5) && g[5] === 0xffff) return embedded(g[6], g[7]);
  if (zeroUpTo(6)) return embedded(g[6], g[7]);
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6], g[7]);
  // NAT64 (64:ff9b::a.b.c.d and the local-use 64:ff9b:1::/48) and 6to4 (2002:aabb:ccdd::).
  if (g[0] === 0x64 && g[1] === 0xff9b && (g.slice(2, 6).every((x) => x === 0) || g[2] === 1)) {
    return embedded(g[6], g[7]);
  }
  if (g[0] === 0x2002) return embedded(g[1], g[2]);
  if ((g[0] & 0xfe00) === 0xfc00) return 'private';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xffc0) === 0xfec0) return 'private';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  // Documentation (2001:db8::/32), discard-only (100::/64).
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved';
  if (g[0] === 0x0100 && zeroUpTo(4)) return 'reserved';
  return undefined;
}

/** What a literal address is when webhooks may not call it; undefined: allowed, or not an IP. */
export function classifyAddress(text: string): BlockedKind | undefined {
  const ipv4 = parseIPv4(text);
  if (ipv4 !== undefined) return classifyIPv4(ipv4);
  const ipv6 = parseIPv6(text);
  if (ipv6) return classifyIPv6(ipv6);
  return undefined;
}

/** A host as written in a URL, bare (no brackets), lower case. */
export function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

/** WEBHOOK_ALLOW_HOSTS: a comma list of host names or addresses that skip the guard. */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((h) => bareHost(h.trim()))
    .filter(Boolean);
}

export class BlockedTargetError extends Error {
  constructor(
    readonly address: string,
    readonly kind: BlockedKind | 'unresolved',
  ) {
    super(
      kind === 'unresolved'
        ? `The host ${address} cannot be found.`
        : `Webhooks may not call ${address}: it is a ${kind} address.`,
    );
    this.name = 'BlockedTargetError';
  }
}

export interface CheckedTarget {
  url: URL;
  /** The checked address to connect to. */
  address: ResolvedAddress;
}

/**
 * Resolves `url`'s host and checks every address it has; throws BlockedTargetError when any is
 * refused or none is found. A literal address in any spelling is checked as it is (URL parsing
 * already turns 2130706433 or 0x7f.1 into 127.0.0.1; `classifyAddress` also reads them raw).
 */
export async function checkTarget(
  url: URL,
  opts: { allowHosts: readonly string[]; resolve?: Resolver },
): Promise<CheckedTarget> {
  const host = bareHost(url.hostname);
  const allowed = opts.allowHosts.includes(host);
  const literal = classifyAddress(host);
  if (literal && !allowed) throw new BlockedTargetError(host, literal);
  let found: ResolvedAddress[];
  const ipv4 = parseIPv4(host);
  const ipv6 = parseIPv6(host);
  if (ipv4 !== undefined) found = [{ address: formatIPv4(ipv4), family: 4 }];
  else if (ipv6) found = [{ address: host, family: 6 }];
  else {
    try {
      found = await (opts.resolve ?? systemResolver)(host);
    } catch {
      found = [];
    }
  }
  if (!found.length) throw new BlockedTargetError(host, 'unresolved');
  if (!allowed) {
    for (const a of found) {
      const kind = classifyAddress(a.address);
      if (kind) throw new BlockedTargetError(a.address, kind);
    }
  }
  return { url, address: found[0] };
}

/** A `lookup` for http.request that answers with the checked address and nothing else. */
export function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
}
