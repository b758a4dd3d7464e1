import { describe, expect, test } from "vitest";
import { clientAddress, rateLimitKey } from "./client-address";

describe("clientAddress", () => {
  test("without a trusted header, the socket's address, whatever the request claims", () => {
    expect(clientAddress(undefined, "203.0.113.9")).toBe("203.0.113.9");
    expect(clientAddress(undefined, "::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientAddress(undefined, undefined)).toBeNull();
  });

  test("the trusted header's address when it holds one; otherwise the socket's", () => {
    expect(clientAddress("198.51.100.7", "172.16.0.2")).toBe("198.51.100.7");
    expect(clientAddress(" 2001:db8::1 ", "172.16.0.2")).toBe("2001:db8::1");
    expect(clientAddress("not-an-ip", "172.16.0.2")).toBe("172.16.0.2");
    expect(clientAddress("198.51.100.7, 10.0.0.1", "172.16.0.2")).toBe("172.16.0.2");
    expect(clientAddress(["198.51.100.7", "10.0.0.1"], "172.16.0.2")).toBe("172.16.0.2");
  });
});

describe("rateLimitKey", () => {
  test("IPv4 addresses are their own key", () => {
    expect(rateLimitKey("198.51.100.7")).toBe("198.51.100.7");
  });
  test("IPv6 addresses share the budget of their /64", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8::5")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
  });
});
