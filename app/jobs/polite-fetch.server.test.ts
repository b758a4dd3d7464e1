import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isAllowed, parseRobots, politeFetcher } from "~/jobs/polite-fetch.server";
import { startFixtureServer } from "../../tests/support/fixture-server";

const never = new AbortController().signal;

describe("robots.txt rules", () => {
  const ROBOTS = `
# comments are ignored
User-agent: *
Disallow: /private
Allow: /private/press

User-agent: OtherBot
Disallow: /

User-agent: civicatlasbot
User-agent: SomeBot
Disallow: /search
Disallow: /*.pdf$
Allow: /search/about
Crawl-delay: 10
`;

  test("our own group replaces the * group; the longest match decides, Allow wins a tie", () => {
    const mine = parseRobots(ROBOTS, "CivicAtlasBot");
    expect(isAllowed(mine, "/private/anything")).toBe(true); // the * group does not apply to us
    expect(isAllowed(mine, "/search?q=x")).toBe(false);
    expect(isAllowed(mine, "/search/about")).toBe(true);
    expect(isAllowed(mine, "/files/report.pdf")).toBe(false);
    expect(isAllowed(mine, "/files/report.pdf?download=1")).toBe(true); // $ anchors the end
    expect(isAllowed(mine, "/")).toBe(true);

    const anyone = parseRobots(ROBOTS, "UnknownBot");
    expect(isAllowed(anyone, "/private/x")).toBe(false);
    expect(isAllowed(anyone, "/private/press/release")).toBe(true);
    expect(isAllowed(parseRobots("User-agent: *\nDisallow: /a\nAllow: /a", "x"), "/a")).toBe(true);
  });

  test("an empty Disallow allows everything and does not swallow the next group; no group at all allows everything", () => {
    const robots = parseRobots("User-agent: CivicAtlasBot\nDisallow:\n\nUser-agent: *\nDisallow: /\n", "CivicAtlasBot");
    expect(isAllowed(robots, "/contact")).toBe(true);
    expect(isAllowed(parseRobots("User-agent: *\nDisallow: /\n", "CivicAtlasBot"), "/contact")).toBe(false);
    expect(isAllowed(parseRobots("Sitemap: /sitemap.xml\n", "CivicAtlasBot"), "/anything")).toBe(true);
    expect(isAllowed(parseRobots("User-agent: *\nDisallow: /\n", "CivicAtlasBot"), "/robots.txt")).toBe(true);
  });
});

describe("the polite fetcher", () => {
  let site: Awaited<ReturnType<typeof startFixtureServer>>;
  let other: Awaited<ReturnType<typeof startFixtureServer>>;
  let broken: Awaited<ReturnType<typeof startFixtureServer>>;

  beforeAll(async () => {
    other = await startFixtureServer({ "/landing": { body: "<p>other site</p>", type: "text/html" } });
    site = await startFixtureServer({
      "/robots.txt": { body: "User-agent: *\nDisallow: /private\n" },
      "/": { body: "<p>home</p>", type: "text/html" },
      "/about": { body: "<p>about</p>", type: "text/html" },
      "/moved": { status: 301, headers: { Location: "/about" } },
      "/away": { status: 302, headers: { Location: `${other.url}/landing` } },
      "/to-private": { status: 302, headers: { Location: "/private/page" } },
      "/private/page": { body: "secret" },
    });
    broken = await startFixtureServer({ "/robots.txt": { status: 503 }, "/": { body: "home" } });
  });
  afterAll(async () => {
    await Promise.all([site.close(), other.close(), broken.close()]);
  });

  test("reads robots.txt once per site, never asks for a disallowed path, and follows redirects hop by hop", async () => {
    site.requests.length = 0;
    const polite = politeFetcher(fetch, never, { intervalMs: 0 });
    expect(await polite.get(`${site.url}/`)).toMatchObject({ allowed: true, status: 200, text: "<p>home</p>" });
    const refused = await polite.get(`${site.url}/private/page`);
    expect(refused).toEqual({
      allowed: false,
      url: `${site.url}/private/page`,
      reason: expect.stringContaining("disallowed by robots.txt"),
    });
    expect(await polite.get(`${site.url}/moved`)).toMatchObject({ allowed: true, url: `${site.url}/about`, text: "<p>about</p>" });
    // A redirect into a disallowed path is not followed.
    expect(await polite.get(`${site.url}/to-private`)).toMatchObject({ allowed: false, url: `${site.url}/private/page` });
    expect(site.requests).toEqual(["/robots.txt", "/", "/moved", "/about", "/to-private"]);
  });

  test("a site without robots.txt allows everything; one whose robots.txt fails is not crawled", async () => {
    const polite = politeFetcher(fetch, never, { intervalMs: 0 });
    expect(await polite.get(`${site.url}/away`)).toMatchObject({ allowed: true, url: `${other.url}/landing` });
    expect(other.requests).toEqual(["/robots.txt", "/landing"]);
    expect(await polite.get(`${broken.url}/`)).toMatchObject({ allowed: false, reason: expect.stringContaining("HTTP 503") });
    expect(broken.requests).toEqual(["/robots.txt"]);
  });

  test("asks one site at most once per interval, other sites meanwhile", async () => {
    let clock = 10_000;
    const pauses: number[] = [];
    const polite = politeFetcher(fetch, never, {
      intervalMs: 1000,
      now: () => clock,
      sleep: async (ms) => {
        pauses.push(ms);
        clock += ms;
      },
    });
    await polite.get(`${site.url}/`); // robots.txt at 10 000, / waits until 11 000
    await polite.get(`${site.url}/about`); // waits until 12 000
    clock += 5_000; // a long pause: no wait needed
    await polite.get(`${site.url}/about`);
    await polite.get(`${other.url}/landing`); // another site: its robots.txt and page, one second apart
    expect(pauses).toEqual([1000, 1000, 1000]);
    expect(polite.requests()).toBe(6);
  });

  test("gives up on a slow page within the time limit and stops when cancelled", async () => {
    site.routes["/slow"] = { body: "late", delayMs: 2_000 };
    const polite = politeFetcher(fetch, never, { intervalMs: 0, timeoutMs: 200 });
    await expect(polite.get(`${site.url}/slow`)).rejects.toThrow("no answer within 0.2 s");

    const controller = new AbortController();
    const cancelled = politeFetcher(fetch, controller.signal, { intervalMs: 60_000 });
    const waiting = cancelled.get(`${site.url}/about`); // robots.txt, then a minute's wait
    setTimeout(() => controller.abort(new Error("cancelled")), 50);
    await expect(waiting).rejects.toThrow("cancelled");
  });
});
