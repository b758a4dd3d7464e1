// Who a request comes from, as the rate limits and the activity log see it. Reached directly, only
// the connection's own address counts: any client can write X-Forwarded-For. Behind a proxy that
// sets a header of its own (fly.io's Fly-Client-IP), that header is the visitor.
import { isIP } from "node:net";

/** The client's address: the trusted proxy header's value when configured, present and an IP, else the socket peer. */
export function clientAddress(trustedHeaderValue: string | string[] | undefined, socketAddress: string | undefined): string | null {
  const fromProxy = typeof trustedHeaderValue === "string" ? trustedHeaderValue.trim() : undefined;
  const address = fromProxy && isIP(fromProxy) ? fromProxy : socketAddress;
  if (!address) return null;
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The key one rate-limit budget belongs to: an IPv4 address, or an IPv6 address's /64 network
 * (one household or server gets a whole /64 and could otherwise take a new address per request).
 */
export function rateLimitKey(address: string | null): string {
  if (!address || isIP(address) !== 6) return address ?? "unknown";
  const [head, tail] = address.split("::");
  const groups = head ? head.split(":") : [];
  if (tail !== undefined) {
    const tailGroups = tail ? tail.split(":") : [];
    groups.push(...Array<string>(8 - groups.length - tailGroups.length).fill("0"), ...tailGroups);
  }
  return (
    groups
      .slice(0, 4)
      .map((g) => parseInt(g, 16).toString(16))
      .join(":") + "::/64"
  );
}
