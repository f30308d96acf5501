import { describe, expect, it } from "vitest";
import { refusedAddressClass, type AddressClass } from "./addresses";

/** Each range's edges and a written form of each kind: one row per rule of addresses.ts. */
const REFUSED: readonly (readonly [string, AddressClass])[] = [
  ["169.254.169.254", "cloud metadata"],
  ["fd00:ec2::254", "cloud metadata"],
  ["0.0.0.0", "unspecified"],
  ["0.255.255.255", "unspecified"],
  ["::", "unspecified"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["fc00::1", "private"],
  ["fdff:ffff::1", "private"],
  ["fec0::1", "private"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["100.127.255.255", "carrier-grade NAT"],
  ["169.254.0.1", "cloud metadata"], // the whole IPv4 link-local block: credential agents live there
  ["169.254.170.2", "cloud metadata"], // ECS task credentials
  ["169.254.170.23", "cloud metadata"], // EKS Pod Identity
  ["fd00:ec2::23", "cloud metadata"], // EKS Pod Identity, IPv6
  ["168.63.129.16", "cloud metadata"], // Azure WireServer, a public address
  ["100.100.100.200", "cloud metadata"], // Alibaba Cloud
  ["192.0.0.192", "cloud metadata"], // Oracle Cloud
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local"],
  ["febf::1", "link-local"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["ff02::1", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "reserved"],
  ["192.0.0.8", "reserved"],
  ["198.18.0.1", "reserved"],
  ["::127.0.0.1", "reserved"],
  ["100::1", "reserved"],
  // IPv6 forms that reach an IPv4 address are judged by it.
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["0:0:0:0:0:ffff:7f00:0001", "loopback"],
  ["::ffff:10.1.2.3", "private"],
  ["::ffff:192.168.0.1", "private"],
  ["::ffff:169.254.169.254", "cloud metadata"],
  ["::ffff:a9fe:a9fe", "cloud metadata"],
  ["::ffff:0.0.0.0", "unspecified"],
  ["::ffff:100.64.0.1", "carrier-grade NAT"],
  ["64:ff9b::127.0.0.1", "loopback"],
  ["64:ff9b::a00:1", "private"],
  ["64:ff9b:1::a9fe:a9fe", "cloud metadata"],
  ["2002:7f00:1::", "loopback"],
  ["2002:c0a8:101::1", "private"],
  ["::ffff:0:127.0.0.1", "loopback"],
  ["::ffff:0:a00:1", "private"],
  ["0:0:0:0:ffff:0:a9fe:a9fe", "cloud metadata"],
  ["::ffff:0:0.0.0.0", "unspecified"],
  // Teredo: server 65.54.227.120, client 192.168.0.1 (inverted: 3f57:fffe), refused whole.
  ["2001:0:4136:e378:8000:63bf:3f57:fffe", "Teredo"],
  ["2001::1", "Teredo"],
  ["2001:0:ffff:ffff:ffff:ffff:ffff:ffff", "Teredo"],
  ["example.com", "not an IP address"],
  ["", "not an IP address"],
];

const PUBLIC: readonly string[] = [
  "1.1.1.1",
  "8.8.8.8",
  "9.255.255.255",
  "11.0.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.167.255.255",
  "192.169.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "169.253.255.255",
  "169.255.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "223.255.255.255",
  "2606:4700:4700::1111",
  "2001:4860:4860::8888",
  "fbff::1",
  "fe00::1",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2002:808:808::1",
  "::ffff:0:8.8.8.8",
  "2001:200::1", // past Teredo's /32
  "2000:ffff:ffff:ffff::1",
];

describe("refusedAddressClass", () => {
  it.each(REFUSED)("refuses %s as %s", (address, addressClass) => {
    expect(refusedAddressClass(address)).toBe(addressClass);
  });

  it.each(PUBLIC)("lets %s through", (address) => {
    expect(refusedAddressClass(address)).toBeUndefined();
  });
});
