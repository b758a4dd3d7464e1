import { describe, expect, test } from "vitest";
import { internalHostName, internalRange, isInternalAddress, parseIp } from "./address-ranges";

describe("isInternalAddress: IPv4", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["10.0.0.1", "private (10."],
    ["10.255.255.255", "private (10."],
    ["172.16.0.1", "private (172.16."],
    ["172.31.255.255", "private (172.16."],
    ["192.168.1.1", "private (192.168."],
    ["169.254.169.254", "metadata"],
    ["169.254.0.1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["100.100.100.200", "carrier-grade NAT"], // Alibaba Cloud's metadata service
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["192.0.0.1", "IETF"],
    ["192.0.2.1", "documentation"],
    ["198.51.100.1", "documentation"],
    ["203.0.113.1", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
  ])("%s is %s", (ip, words) => {
    expect(isInternalAddress(ip)).toBe(true);
    expect(internalRange(ip)).toContain(words);
  });

  test.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "169.253.1.1",
    "223.255.255.255",
    "11.0.0.0",
    "192.169.0.1",
  ])("%s is public", (ip) => expect(internalRange(ip)).toBeNull());
});

describe("isInternalAddress: IPv6", () => {
  test.each([
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique-local"],
    ["fdaa:0:1234::2", "unique-local"], // fly.io's private network
    ["fd00:ec2::254", "unique-local"], // AWS's IPv6 metadata service
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["::ffff:127.0.0.1", "loopback (127.0.0.0/8) inside IPv4-mapped"],
    ["::ffff:7f00:1", "loopback (127.0.0.0/8) inside IPv4-mapped"],
    ["0:0:0:0:0:ffff:a9fe:a9fe", "metadata service (169.254.169.254) inside IPv4-mapped"],
    ["::ffff:10.1.2.3", "private (10.0.0.0/8) inside IPv4-mapped"],
    ["::ffff:0:7f00:1", "loopback (127.0.0.0/8) inside IPv4-translated"],
    ["64:ff9b::7f00:1", "loopback (127.0.0.0/8) inside NAT64"],
    ["64:ff9b::192.168.0.1", "private (192.168.0.0/16) inside NAT64"],
    ["64:ff9b:1::1", "local-use NAT64"],
    ["2002:7f00:1::", "loopback (127.0.0.0/8) inside 6to4"],
    ["2002:a00:1::1", "private (10.0.0.0/8) inside 6to4"],
    ["2002:a9fe:a9fe::1", "metadata service (169.254.169.254) inside 6to4"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback (127.0.0.0/8) inside Teredo"], // client 127.0.0.1, bits inverted
    ["::127.0.0.1", "IPv4-compatible"],
    ["::7f00:1", "IPv4-compatible"],
    ["100::1", "discard-only"],
    ["2001:db8::1", "documentation"],
    ["4000::1", "reserved IPv6"],
    ["e000::1", "reserved IPv6"],
  ])("%s is %s", (ip, words) => {
    expect(isInternalAddress(ip)).toBe(true);
    expect(internalRange(ip)).toContain(words);
  });

  test.each([
    "2001:4860:4860::8888",
    "2606:4700::1111",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
  ])("%s is public", (ip) => expect(internalRange(ip)).toBeNull());

  test("text that is not an IP address is never public", () => {
    for (const text of [
      "",
      "localhost",
      "example.org",
      "1.2.3",
      "1.2.3.256",
      "01.2.3.4x",
      "1::2::3",
      "12345::",
      "::ffff:1.2.3",
      "1:2:3:4:5:6:7:8:9",
      "::g",
    ])
      expect(internalRange(text)).toBe("not an IP address");
  });

  test("parseIp reads the usual forms", () => {
    expect([...parseIp("1:2:3:4:5:6:7:8")!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect([...parseIp("1::8")!]).toEqual([0, 1, ...Array(12).fill(0), 0, 8]);
    expect([...parseIp("::ffff:1.2.3.4")!].slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIp("1:2:3:4:5:6:1.2.3.4")).not.toBeNull();
    expect(parseIp("1:2:3:4:5:6:7:1.2.3.4")).toBeNull();
  });
});

describe("internalHostName: staff input", () => {
  test.each([
    ["localhost", "local network"],
    ["app.localhost", "local network"],
    ["metadata.google.internal", ".internal"],
    ["my-app.flycast.internal", ".internal"],
    ["printer.local", ".local"],
    ["router.home.arpa", ".home.arpa"],
    ["127.0.0.1", "loopback"],
    ["10.0.0.8", "private"],
    ["[::1]", "loopback"],
    ["[::ffff:7f00:1]", "loopback"],
    ["[fdaa::3]", "unique-local"],
    ["127.0.0.1.nip.io", "spells the address 127.0.0.1"],
    ["app.127.0.0.1.nip.io", "spells the address 127.0.0.1"],
    ["app.1.127.0.0.1.nip.io", "spells the address 127.0.0.1"],
    ["10-0-0-1.sslip.io", "spells the address 10.0.0.1"],
    ["www.169.254.169.254.sslip.io", "metadata"],
    ["LOCALHOST.", "local network"],
  ])("%s is refused (%s)", (host, words) => {
    expect(internalHostName(host)).toContain(words);
  });

  test.each([
    "www.senate.gov",
    "house.gov",
    "8.8.8.8",
    "8.8.8.8.nip.io",
    "local.example.org",
    "internal-affairs.gov",
    "www.2024-1-2-3.example.com",
  ])("%s is not obviously internal", (host) => expect(internalHostName(host)).toBeNull());
});
