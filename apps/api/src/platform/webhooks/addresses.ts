import { isIPv4, isIPv6 } from "node:net";

/**
 * Which IP addresses a webhook may not be delivered to, so that a subscriber's URL cannot make
 * the service call into its own host or network (server-side request forgery). An address is
 * refused when it falls in one of the ranges below; an IPv6 address that carries an IPv4 one
 * (IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`,
 * 6to4 `2002:aabb:ccdd::`) is judged by the IPv4 address it reaches. Teredo addresses
 * (2001::/32) are refused whole: each carries two IPv4 addresses (its server's, and its client's
 * inverted), and a relay may reach either, private ones included.
 */

/** Why an address is refused, as a message names it. */
export type AddressClass =
  | "cloud metadata"
  | "loopback"
  | "private"
  | "carrier-grade NAT"
  | "link-local"
  | "unspecified"
  | "multicast"
  | "reserved"
  | "Teredo"
  | "not an IP address";

/**
 * Refused whatever the operator allows: the clouds' instance metadata and credential services
 * hand out the machine's credentials, and no deployment receives webhooks there. The whole
 * link-local block counts (AWS, GCP, Azure and OpenStack at 169.254.169.254, the ECS and EKS
 * credential agents at 169.254.170.2 and .23), as do AWS's IPv6 block (fd00:ec2::/32), Azure's
 * WireServer (168.63.129.16, a public address), Alibaba's (100.100.100.200) and Oracle's
 * (192.0.0.192).
 */
export const ALWAYS_REFUSED: ReadonlySet<AddressClass> = new Set([
  "cloud metadata",
  "not an IP address",
]);

interface Range {
  readonly cidr: string;
  readonly addressClass: AddressClass;
}

/** The first matching range names the class, so narrower ranges come first. */
const IPV4_RANGES: readonly Range[] = [
  { cidr: "169.254.0.0/16", addressClass: "cloud metadata" },
  { cidr: "168.63.129.16/32", addressClass: "cloud metadata" },
  { cidr: "100.100.100.200/32", addressClass: "cloud metadata" },
  { cidr: "192.0.0.192/32", addressClass: "cloud metadata" },
  { cidr: "0.0.0.0/8", addressClass: "unspecified" }, // "this network"; 0.0.0.0 reaches the host
  { cidr: "127.0.0.0/8", addressClass: "loopback" },
  { cidr: "10.0.0.0/8", addressClass: "private" },
  { cidr: "172.16.0.0/12", addressClass: "private" },
  { cidr: "192.168.0.0/16", addressClass: "private" },
  { cidr: "100.64.0.0/10", addressClass: "carrier-grade NAT" },
  { cidr: "224.0.0.0/4", addressClass: "multicast" },
  { cidr: "192.0.0.0/24", addressClass: "reserved" }, // IETF protocol assignments
  { cidr: "198.18.0.0/15", addressClass: "reserved" }, // network benchmarks
  { cidr: "240.0.0.0/4", addressClass: "reserved" }, // future use, and the broadcast address
];

const IPV6_RANGES: readonly Range[] = [
  { cidr: "fd00:ec2::/32", addressClass: "cloud metadata" },
  { cidr: "::/128", addressClass: "unspecified" },
  { cidr: "::1/128", addressClass: "loopback" },
  { cidr: "fc00::/7", addressClass: "private" }, // unique local
  { cidr: "fec0::/10", addressClass: "private" }, // site-local, deprecated
  { cidr: "fe80::/10", addressClass: "link-local" },
  { cidr: "ff00::/8", addressClass: "multicast" },
  { cidr: "::/96", addressClass: "reserved" }, // IPv4-compatible, deprecated
  { cidr: "100::/64", addressClass: "reserved" }, // discard
  { cidr: "2001::/32", addressClass: "Teredo" }, // tunnels to IPv4 hosts, private ones too
];

/** IPv6 ranges whose addresses carry an IPv4 address, and at which byte it starts. */
const IPV4_CARRIERS: readonly { readonly cidr: string; readonly ipv4At: number }[] = [
  { cidr: "::ffff:0:0/96", ipv4At: 12 }, // IPv4-mapped
  { cidr: "::ffff:0:0:0/96", ipv4At: 12 }, // IPv4-translated (stateless IP/ICMP translation)
  { cidr: "64:ff9b::/96", ipv4At: 12 }, // NAT64, well-known prefix
  { cidr: "64:ff9b:1::/48", ipv4At: 12 }, // NAT64, local use
  { cidr: "2002::/16", ipv4At: 2 }, // 6to4
];

function ipv4Bytes(address: string): Uint8Array {
  return Uint8Array.from(address.split(".").map(Number));
}

/** The 16 bytes of an IPv6 address (node:net's isIPv6 holds), its zone (`%eth0`) dropped. */
function ipv6Bytes(written: string): Uint8Array {
  const address = written.split("%")[0] ?? "";
  const [head = "", tail] = address.split("::");
  const groupsOf = (part: string): number[] => {
    if (part === "") return [];
    const groups: number[] = [];
    for (const piece of part.split(":")) {
      if (piece.includes(".")) {
        const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(piece);
        groups.push((a << 8) | b, (c << 8) | d);
      } else {
        groups.push(Number.parseInt(piece, 16));
      }
    }
    return groups;
  };
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [
    ...before,
    ...new Array<number>(8 - before.length - after.length).fill(0),
    ...after,
  ];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[2 * index] = group >> 8;
    bytes[2 * index + 1] = group & 0xff;
  });
  return bytes;
}

interface ParsedRange<T> {
  readonly prefix: Uint8Array;
  readonly bits: number;
  readonly value: T;
}

function parseRanges<T>(
  ranges: readonly (T & { readonly cidr: string })[],
  bytesOf: (address: string) => Uint8Array,
): readonly ParsedRange<T>[] {
  return ranges.map((range) => {
    const [address = "", bits = ""] = range.cidr.split("/");
    return { prefix: bytesOf(address), bits: Number(bits), value: range };
  });
}

function inRange(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const PARSED_IPV4 = parseRanges(IPV4_RANGES, ipv4Bytes);
const PARSED_IPV6 = parseRanges(IPV6_RANGES, ipv6Bytes);
const PARSED_CARRIERS = parseRanges(IPV4_CARRIERS, ipv6Bytes);

function ipv4Class(bytes: Uint8Array): AddressClass | undefined {
  return PARSED_IPV4.find((range) => inRange(bytes, range.prefix, range.bits))?.value.addressClass;
}

/**
 * Why a webhook may not be delivered to this address, or undefined when it is a public one.
 * Anything that is not an IPv4 or IPv6 address is refused too.
 */
export function refusedAddressClass(address: string): AddressClass | undefined {
  if (isIPv4(address)) return ipv4Class(ipv4Bytes(address));
  if (!isIPv6(address)) return "not an IP address";
  const bytes = ipv6Bytes(address);
  const carrier = PARSED_CARRIERS.find((range) => inRange(bytes, range.prefix, range.bits));
  if (carrier !== undefined) {
    const at = carrier.value.ipv4At;
    return ipv4Class(bytes.subarray(at, at + 4));
  }
  return PARSED_IPV6.find((range) => inRange(bytes, range.prefix, range.bits))?.value.addressClass;
}
