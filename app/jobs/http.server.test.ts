import { createServer } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FetchError, fetchJson, fetchProblem, fetchText } from "~/jobs/http.server";
import { allowOutboundForTests } from "~/jobs/outbound-guard.server";
import { startFixtureServer } from "../../tests/support/fixture-server";

let source: Awaited<ReturnType<typeof startFixtureServer>>;
const never = new AbortController().signal;

beforeAll(async () => {
  source = await startFixtureServer({
    "/data.json": { body: JSON.stringify({ members: 2 }) },
    "/broken.json": { body: "{not json" },
    "/slow": { body: "late", delayMs: 2_000 },
    "/big": { body: "x".repeat(5_000) },
    "/moved": { status: 301, headers: { Location: "/data.json" } },
  });
});
afterAll(() => source.close());

describe("the jobs' HTTP client", () => {
  test("reads JSON, following redirects, and names itself", async () => {
    expect(await fetchJson(fetch, `${source.url}/moved`, never)).toEqual({ members: 2 });
    expect(source.requests).toContain("/data.json");
  });

  test("returns a missing page as a 404 answer, and fetchJson turns it into an error naming the URL", async () => {
    expect((await fetchText(fetch, `${source.url}/gone`, never)).status).toBe(404);
    await expect(fetchJson(fetch, `${source.url}/gone`, never)).rejects.toThrow(`${source.url}/gone: HTTP 404, no such page at the source`);
    await expect(fetchJson(fetch, `${source.url}/broken.json`, never)).rejects.toThrow("not valid JSON");
  });

  test("gives up on a slow source and refuses an answer over the size limit", async () => {
    await expect(fetchText(fetch, `${source.url}/slow`, never, { timeoutMs: 200 })).rejects.toThrow("no answer within 0.2 s");
    await expect(fetchText(fetch, `${source.url}/big`, never, { maxBytes: 1_000 })).rejects.toThrow("larger than 1000 bytes");
  });

  test("gives up on time even when the garbage collector runs while it waits", async () => {
    // AbortSignal.timeout() inside AbortSignal.any() is held only weakly (Node 20): collected, it
    // never fired, and a slow source was read to its end long past the limit.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const asked = () => source.requests.filter((path) => path === "/slow").length;
    const before = asked();
    const waiting = fetchText(fetch, `${source.url}/slow`, never, { timeoutMs: 300 });
    const outcome = waiting.then(
      () => "read in full",
      (error: Error) => error.message,
    );
    while (asked() === before) await new Promise((resolve) => setImmediate(resolve));
    gc();
    gc();
    expect(await outcome).toMatch("no answer within 0.3 s");
  });

  test("sends a token to the asked-for origin only, never on after a redirect to another host", async () => {
    const seen: (string | undefined)[] = [];
    const other = await startFixtureServer({ "/data.json": (request) => (seen.push(request.headers.authorization), { body: "{}" }) });
    source.routes["/listing"] = (request) => (seen.push(request.headers.authorization), { body: "[]" });
    source.routes["/elsewhere"] = { status: 302, headers: { Location: `${other.url}/data.json` } };
    try {
      await fetchJson(fetch, `${source.url}/listing`, never, { authorization: "Bearer t0ken" });
      await fetchJson(fetch, `${source.url}/elsewhere`, never, { authorization: "Bearer t0ken" });
      expect(seen).toEqual(["Bearer t0ken", undefined]);
    } finally {
      await other.close();
    }
  });

  test("stops when the run is cancelled", async () => {
    const controller = new AbortController();
    const pending = fetchText(fetch, `${source.url}/slow`, controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(pending).rejects.toThrow("cancelled");
  });

  test("refuses a server that does not answer at all", async () => {
    const port = await closedPort();
    allowOutboundForTests(`127.0.0.1:${port}`); // past the outbound guard, to the closed port
    await expect(fetchText(fetch, `http://127.0.0.1:${port}/data.json`, never)).rejects.toThrow(
      `Could not reach 127.0.0.1:${port}: the connection was refused (ECONNREFUSED)`,
    );
  });
});

/** A port on 127.0.0.1 nothing listens on: bound, then let go. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A fetch that fails as Node's does when a name does not resolve: TypeError("fetch failed") with the system error as its cause. */
const unresolvable: typeof fetch = async (input) => {
  const host = new URL(String(input)).hostname;
  throw new TypeError("fetch failed", {
    cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host }),
  });
};

describe("every failure is a sentence for staff, never a bare code", () => {
  test("a name that does not resolve names the host and says so", async () => {
    const failure = fetchJson(unresolvable, "http://localhost:8080/congress-legislators/legislators-current.json", never);
    await expect(failure).rejects.toThrow("Could not reach localhost:8080: the name did not resolve (ENOTFOUND)");
    await expect(failure).rejects.toBeInstanceOf(FetchError);
    await expect(failure).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  test("a TLS failure (a secure request to a plain server) says the secure connection could not be set up", async () => {
    const host = new URL(source.url).host;
    await expect(fetchText(fetch, `https://${host}/data.json`, never)).rejects.toThrow(
      new RegExp(`^Could not reach ${host.replace(/\./g, "\\.")}: the secure \\(TLS\\) connection could not be set up \\(ERR_SSL_`),
    );
  });

  test("answers that are not a success say what the status means", async () => {
    source.routes["/limited"] = { status: 429, body: "slow down" };
    source.routes["/broken-server"] = { status: 503, body: "down" };
    await expect(fetchJson(fetch, `${source.url}/limited`, never)).rejects.toThrow(
      `${source.url}/limited: HTTP 429, too many requests: the source limits how often it is asked; the next run tries again`,
    );
    await expect(fetchJson(fetch, `${source.url}/broken-server`, never)).rejects.toThrow(
      `${source.url}/broken-server: HTTP 503, the source had a problem of its own; the next run tries again`,
    );
    await expect(fetchJson(fetch, `${source.url}/gone`, never)).rejects.toThrow(`${source.url}/gone: HTTP 404, no such page at the source`);
  });

  test("GitHub's 403 is its hourly limit: the sentence says to set GITHUB_TOKEN", () => {
    expect(fetchProblem("https://api.github.com/repos/openstates/people/contents/data/al/executive", { status: 403 })).toBe(
      "https://api.github.com/repos/openstates/people/contents/data/al/executive: HTTP 403, refused: GitHub allows 60 requests an hour without a token; set GITHUB_TOKEN or wait for the next run",
    );
    expect(fetchProblem("https://example.org/page", { status: 403 })).toMatch(/HTTP 403, refused: the source does not let us read this/);
  });

  test("the other system codes and body problems", () => {
    const failed = (code: string) => new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) });
    const url = "https://unitedstates.github.io/congress-legislators/legislators-current.json";
    expect(fetchProblem(url, { error: failed("ETIMEDOUT") })).toBe(
      "Could not reach unitedstates.github.io: the connection timed out (ETIMEDOUT)",
    );
    expect(fetchProblem(url, { error: failed("CERT_HAS_EXPIRED") })).toMatch(
      /^Could not reach unitedstates\.github\.io: its security certificate was not accepted .*\(CERT_HAS_EXPIRED\)$/,
    );
    expect(fetchProblem(url, { error: failed("EAI_AGAIN") })).toMatch(
      /^Could not reach unitedstates\.github\.io: the name could not be looked up/,
    );
    expect(fetchProblem(url, { notValid: "JSON" })).toBe(`${url}: the answer is not valid JSON`);
    expect(fetchProblem(url, { tooLarge: 10_000_000 })).toBe(`${url}: the answer is larger than 10000000 bytes, the most that is read`);
  });
});

test("under NODE_ENV=test a job cannot reach beyond this machine", async () => {
  await expect(fetchText(fetch, "https://clerk.house.gov/evs/2025/roll001.xml", never)).rejects.toThrow(
    "https://clerk.house.gov/evs/2025/roll001.xml: outside requests are off under NODE_ENV=test",
  );
});

test("a redirect is followed only to addresses a job may reach, and the final address is reported", async () => {
  source.routes["/away"] = { status: 302, headers: { Location: "https://example.org/elsewhere" } };
  await expect(fetchText(fetch, `${source.url}/away`, never)).rejects.toThrow("https://example.org/elsewhere: outside requests are off");
  expect((await fetchText(fetch, `${source.url}/moved`, never)).url).toBe(`${source.url}/data.json`);
});
