// The outbound guard at connect time, through the jobs' HTTP client and Node's own fetch: internal
// addresses are refused however they are written or reached (a name, a redirect, a rebinding
// name), and the test allowance lets through exactly the host:port pairs it names.
import dns from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { parseEnv } from "~/env.server";
import { FetchError, fetchText } from "~/jobs/http.server";
import { allowOutboundForTests, guardedDispatcher, hostPort } from "~/jobs/outbound-guard.server";

const never = new AbortController().signal;

/** A server on `host` that counts what it is asked; not in the guard's allowance unless a test adds it. */
async function countingServer(host = "127.0.0.1", answer: (path: string) => { status?: number; location?: string } = () => ({})) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const { status = 200, location } = answer(request.url ?? "");
    response.writeHead(status, location ? { Location: location } : {}).end("internal page");
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { port, requests, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

let internal: Awaited<ReturnType<typeof countingServer>>;
let allowed: Awaited<ReturnType<typeof countingServer>>;
beforeAll(async () => {
  internal = await countingServer();
  allowed = await countingServer("127.0.0.1", (path) =>
    path.startsWith("/to-")
      ? { status: 302, location: decodeURIComponent(path.slice("/to-".length)) }
      : path === "/elsewhere"
        ? { status: 301, location: `http://127.0.0.1:${internal.port}/secret` }
        : {},
  );
  allowOutboundForTests(`127.0.0.1:${allowed.port}`);
});
afterAll(async () => {
  await internal.close();
  await allowed.close();
});
afterEach(() => vi.restoreAllMocks());

const refusal = (url: string) =>
  fetchText(fetch, url, never).then(
    () => "fetched",
    (error: unknown) => (error instanceof FetchError ? error.message : String(error)),
  );

describe("the outbound guard", () => {
  test("refuses this machine by IP, by name and in IPv6 forms, and asks nothing there", async () => {
    const port = internal.port;
    expect(await refusal(`http://127.0.0.1:${port}/secret`)).toBe(
      `http://127.0.0.1:${port}/secret: refused: internal address (127.0.0.1 is loopback (127.0.0.0/8))`,
    );
    expect(await refusal(`http://localhost:${port}/secret`)).toMatch(
      new RegExp(`^http://localhost:${port}/secret: refused: internal address \\(localhost is (127\\.0\\.0\\.1|::1), loopback`),
    );
    expect(await refusal(`http://127.0.0.2:${port}/`)).toContain("refused: internal address (127.0.0.2 is loopback");
    expect(await refusal(`http://[::1]:${port}/`)).toContain("refused: internal address (::1 is loopback (::1))");
    // The URL parser writes both of these as [::ffff:7f00:1]: an IPv4-mapped loopback.
    for (const host of ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]"])
      expect(await refusal(`http://${host}:${port}/`)).toContain("loopback (127.0.0.0/8) inside IPv4-mapped");
    // Other spellings of 127.0.0.1 the URL parser reads as it (hex, one number) are that address.
    expect(await refusal(`http://0x7f.1:${port}/`)).toContain("refused: internal address (127.0.0.1 is loopback");
    expect(await refusal(`http://2130706433:${port}/`)).toContain("refused: internal address (127.0.0.1 is loopback");
    expect(await refusal(`http://0.0.0.0:${port}/`)).toContain("this network");
    expect(internal.requests).toEqual([]);
  });

  test("refuses the private, link-local and metadata ranges before any connection", async () => {
    const connect = vi.spyOn(dns, "lookup");
    for (const [host, range] of [
      ["10.1.2.3", "private (10.0.0.0/8)"],
      ["172.16.0.1", "private (172.16.0.0/12)"],
      ["192.168.1.1", "private (192.168.0.0/16)"],
      ["169.254.169.254", "the cloud metadata service (169.254.169.254)"],
      ["100.64.0.1", "carrier-grade NAT (100.64.0.0/10)"],
      ["[fdaa::3]", "unique-local (fc00::/7)"],
      ["[fe80::1]", "link-local (fe80::/10)"],
    ])
      expect(await refusal(`http://${host}/latest/meta-data/`)).toContain(
        `refused: internal address (${host.replace(/[[\]]/g, "")} is ${range})`,
      );
    expect(connect).not.toHaveBeenCalled();
  });

  test("checks the addresses a name has when the connection is made: a name that resolves inside, alone or among others, is refused", async () => {
    // As a DNS rebinding name answers at connect time (nip.io and metadata.google.internal cannot be asked offline).
    const answers: Record<string, dns.LookupAddress[]> = {
      "127.0.0.1.nip.io": [{ address: "127.0.0.1", family: 4 }],
      "metadata.google.internal": [{ address: "169.254.169.254", family: 4 }],
      "mixed.example.org": [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ],
      "fly-app.internal": [{ address: "fdaa:0:1:a7b:1::2", family: 6 }],
    };
    vi.spyOn(dns, "lookup").mockImplementation(((host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
      callback(null, answers[host])) as unknown as typeof dns.lookup);
    // Node's fetch through the guard's dispatcher (the jobs' client keeps names off the internet under NODE_ENV=test).
    const cause = (url: string) =>
      fetch(url, { dispatcher: guardedDispatcher() } as RequestInit).then(
        () => "fetched",
        (error: Error & { cause?: { code?: string; message?: string } }) => `${error.cause?.code}: ${error.cause?.message}`,
      );
    expect(await cause(`http://127.0.0.1.nip.io:${internal.port}/`)).toBe(
      "ERR_INTERNAL_ADDRESS: 127.0.0.1.nip.io is 127.0.0.1, loopback (127.0.0.0/8)",
    );
    expect(await cause("http://metadata.google.internal/computeMetadata/v1/")).toBe(
      "ERR_INTERNAL_ADDRESS: metadata.google.internal is 169.254.169.254, the cloud metadata service (169.254.169.254)",
    );
    expect(await cause("https://mixed.example.org/")).toBe("ERR_INTERNAL_ADDRESS: mixed.example.org is 10.0.0.7, private (10.0.0.0/8)");
    expect(await cause("http://fly-app.internal:8080/")).toBe(
      "ERR_INTERNAL_ADDRESS: fly-app.internal is fdaa:0:1:a7b:1::2, unique-local (fc00::/7)",
    );
    expect(internal.requests).toEqual([]);
  });

  test("lets through exactly the allowed host:port, and checks every redirect hop from it", async () => {
    const answer = await fetchText(fetch, `http://127.0.0.1:${allowed.port}/page`, never);
    expect([answer.status, answer.text]).toEqual([200, "internal page"]);
    // The same machine on another port, or the allowed port by another name, is not allowed.
    expect(await refusal(`http://localhost:${allowed.port}/page`)).toContain("refused: internal address (localhost is");
    expect(await refusal(`http://127.0.0.2:${allowed.port}/page`)).toContain("refused: internal address");
    // Redirects from the allowed host to this machine elsewhere: refused at that hop, nothing asked there.
    expect(await refusal(`http://127.0.0.1:${allowed.port}/elsewhere`)).toBe(
      `http://127.0.0.1:${internal.port}/secret: refused: internal address (127.0.0.1 is loopback (127.0.0.0/8))`,
    );
    const to = (target: string) => `http://127.0.0.1:${allowed.port}/to-${encodeURIComponent(target)}`;
    expect(await refusal(to(`http://localhost:${internal.port}/secret`))).toContain("refused: internal address (localhost is");
    expect(await refusal(to("http://169.254.169.254/latest/meta-data/"))).toContain("the cloud metadata service");
    expect(await refusal(to(`http://[::ffff:7f00:1]:${internal.port}/`))).toContain("inside IPv4-mapped");
    expect(internal.requests).toEqual([]);
    expect(allowed.requests.slice(0, 2)).toEqual(["/page", "/elsewhere"]);
  });

  test("Node's fetch with the guard's dispatcher refuses as well", async () => {
    const error = await fetch(`http://127.0.0.1:${internal.port}/`, { dispatcher: guardedDispatcher() } as RequestInit).catch(
      (e: Error) => e,
    );
    expect((error as Error & { cause: { code: string } }).cause.code).toBe("ERR_INTERNAL_ADDRESS");
    expect(internal.requests).toEqual([]);
  });

  test("allowances are host:port as URLs write them", () => {
    expect(hostPort("127.0.0.1", "8080")).toBe("127.0.0.1:8080");
    expect(hostPort("[::1]", "")).toBe("[::1]:80");
    expect(hostPort("::1", "", "https:")).toBe("[::1]:443");
    expect(hostPort("LocalHost", 3000)).toBe("localhost:3000");
  });
});

describe("OUTBOUND_ALLOW_HOSTS", () => {
  test("is a list of host:port pairs, for development and tests only", () => {
    expect(parseEnv({ NODE_ENV: "test", OUTBOUND_ALLOW_HOSTS: "127.0.0.1:6220, 127.0.0.1:6320,[::1]:80" }).OUTBOUND_ALLOW_HOSTS).toEqual([
      "127.0.0.1:6220",
      "127.0.0.1:6320",
      "[::1]:80",
    ]);
    expect(parseEnv({}).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: "127.0.0.1" })).toThrow(/OUTBOUND_ALLOW_HOSTS.*must be host:port pairs/);
    expect(() => parseEnv({ OUTBOUND_ALLOW_HOSTS: "*" })).toThrow(/must be host:port pairs/);
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "file:/litefs/db",
      SESSION_SECRET: "x".repeat(40),
      SMTP_URL: "smtps://user:pass@smtp.example.org:465",
      MAIL_FROM: "Civic Atlas <hello@civicatlas.org>",
      SUPPORT_EMAIL: "support@civicatlas.org",
    };
    expect(() => parseEnv({ ...production, OUTBOUND_ALLOW_HOSTS: "127.0.0.1:6220" })).toThrow(
      /OUTBOUND_ALLOW_HOSTS: is for tests only: production never lets requests reach internal addresses/,
    );
    expect(parseEnv(production).OUTBOUND_ALLOW_HOSTS).toEqual([]);
  });
});
