import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fetchJson, fetchText } from "~/jobs/http.server";
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
    await expect(fetchJson(fetch, `${source.url}/gone`, never)).rejects.toThrow(`${source.url}/gone: HTTP 404`);
    await expect(fetchJson(fetch, `${source.url}/broken.json`, never)).rejects.toThrow("not valid JSON");
  });

  test("gives up on a slow source and refuses an answer over the size limit", async () => {
    await expect(fetchText(fetch, `${source.url}/slow`, never, { timeoutMs: 200 })).rejects.toThrow("no answer within 0.2 s");
    await expect(fetchText(fetch, `${source.url}/big`, never, { maxBytes: 1_000 })).rejects.toThrow("larger than 1000 bytes");
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
    await expect(fetchText(fetch, "http://127.0.0.1:9/", never)).rejects.toThrow("http://127.0.0.1:9/: ");
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
