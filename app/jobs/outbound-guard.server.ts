// The outbound guard (decision 0031): every request the server sends on the strength of an address
// it was given (an official's website or photo, a source's data, a provider's picture, the
// geocoder) connects through this dispatcher, which refuses addresses that are not the public
// internet (app/lib/address-ranges.ts). The check is made when the connection is opened, on the
// addresses the name resolved to for that very connection, so a name that resolves to a public
// address when asked once and to 127.0.0.1 a moment later (DNS rebinding) cannot pass, and each
// redirect hop, being a connection of its own, is checked the same way (fetchBytes follows them
// hop by hop through it).
//
// The tests' outside sources run on 127.0.0.1: they are reached through an explicit allowance of
// exact host:port pairs (OUTBOUND_ALLOW_HOSTS, refused in production, and allowOutboundForTests()
// under NODE_ENV=test), never by turning the guard off.
import dns from "node:dns";
import net from "node:net";
import { Agent, buildConnector } from "undici";
import { env } from "~/env.server";
import { internalRange } from "~/lib/address-ranges";

export const INTERNAL_ADDRESS_CODE = "ERR_INTERNAL_ADDRESS";

/** A connection the guard refused: `host` is or resolved to `address`, which is in `range`. */
export class InternalAddressError extends Error {
  readonly code = INTERNAL_ADDRESS_CODE;
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(host === address ? `${address} is ${range}` : `${host} is ${address}, ${range}`);
    this.name = "InternalAddressError";
  }
}

/** "host:port" as allowances are written: the host lower-case, IPv6 in brackets, the port always given. */
export function hostPort(hostname: string, port: string | number, protocol = "http:") {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return `${net.isIPv6(host) ? `[${host}]` : host}:${port || (protocol === "https:" ? 443 : 80)}`;
}

const testAllowances = new Set<string>();

/**
 * Lets the guard through to one test server (its URL or host:port), until the returned function
 * is called. Only under NODE_ENV=test: the tests' fixture servers listen on 127.0.0.1 on ports
 * chosen when they start, after the configuration was read.
 */
export function allowOutboundForTests(address: string): () => void {
  if (env().NODE_ENV !== "test") throw new Error("allowOutboundForTests is for NODE_ENV=test only");
  const url = new URL(address.includes("://") ? address : `http://${address}`);
  const key = hostPort(url.hostname, url.port, url.protocol);
  testAllowances.add(key);
  return () => testAllowances.delete(key);
}

const isAllowed = (key: string) => testAllowances.has(key) || env().OUTBOUND_ALLOW_HOSTS.includes(key);

/** dns.lookup, refusing the name when any address it has is internal (all are checked, whichever is used). */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const internal = addresses.map((a) => ({ ...a, range: internalRange(a.address) })).find((a) => a.range);
    if (internal) return callback(new InternalAddressError(hostname, internal.address, internal.range!), "", 0);
    if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    // @types/node types the callback for one address; with `all` Node expects the list.
    if (options.all) return (callback as unknown as (e: null, list: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

const guardedConnect = buildConnector({ lookup: guardedLookup });
const plainConnect = buildConnector({});

/** The connector: an allowed host:port as it is; an internal IP literal refused; a name checked as it resolves. */
const connect: buildConnector.connector = (options, callback) => {
  const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isAllowed(hostPort(host, options.port, options.protocol))) return plainConnect(options, callback);
  if (net.isIP(host)) {
    const range = internalRange(host);
    if (range) return callback(new InternalAddressError(host, host, range), null);
  }
  return guardedConnect(options, callback);
};

let agent: Agent | undefined;

/** The dispatcher outside requests go through (fetch's `dispatcher` option). */
export function guardedDispatcher() {
  agent ??= new Agent({ connect });
  return agent;
}
