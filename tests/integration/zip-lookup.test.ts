// The ZIP lookup as visitors and API clients meet it: /api/lookup, the /find page's statuses, the
// home page (a ZIP in the search box, a profile's ZIP), and the Census geocoder client against a
// local server with recorded answers (tests/fixtures/census).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { geocodeDistrict, geocoderUrl } from "~/census-geocoder.server";
import { db } from "~/db.server";
import { loader as home } from "~/routes/_index";
import { loader as lookupApi } from "~/routes/api.lookup";
import { loader as findPage } from "~/routes/find";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { CENSUS_PATH, censusAnswer } from "../support/census-geocoder";
import { startFixtureServer } from "../support/fixture-server";
import { callRoute, cookieFor } from "../support/route-calls";

type PageData = { type?: string; data?: unknown; init?: { status?: number } };
/** A loader's answer as status and data, whether it returned plain data or data() with a status. */
async function page(loader: (args: never) => unknown, path: string, cookie?: string) {
  const answer = (await callRoute(loader, path, { cookie })) as unknown as PageData | Response;
  if (answer instanceof Response) return { status: answer.status, data: null, location: answer.headers.get("Location") };
  if (answer?.type === "DataWithResponseInit") return { status: answer.init?.status ?? 200, data: answer.data as never, location: null };
  return { status: 200, data: answer as never, location: null };
}

describe("GET /api/lookup", () => {
  test("a split ZIP: its state, every district with its member's id, split and crossState flags", async () => {
    const response = await callRoute(lookupApi, "/api/lookup?zip=90210-1234");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ zip: "90210", state: "CA", split: true, crossState: false });
    expect(body.districts.map((d: { district: number }) => d.district)).toEqual([30, 32, 36]);
    const ca30 = await db.official.findFirstOrThrow({ where: { office: "Representative", district: "30", state: { abbreviation: "CA" } } });
    expect(body.districts[0].memberId).toBe(ca30.id);
    expect(body.senatorIds).toHaveLength(2);
    expect(body.governorId).toEqual(expect.any(Number));
  });

  test("DC's delegate, a state-crossing ZIP flagged, 400 for a malformed ZIP, 404 for an unknown one", async () => {
    const dc = await (await callRoute(lookupApi, "/api/lookup?zip=20001")).json();
    expect(dc).toMatchObject({ state: "DC", split: false, senatorIds: [], governorId: null });
    expect(dc.districts).toEqual([{ district: 98, memberId: expect.any(Number) }]);
    expect(await (await callRoute(lookupApi, "/api/lookup?zip=30165")).json()).toMatchObject({ crossState: true });

    const bad = await callRoute(lookupApi, "/api/lookup?zip=9021");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("A ZIP code is 5 digits (such as 20001) or ZIP+4 (such as 20001-1234).");
    const missing = await callRoute(lookupApi, "/api/lookup");
    expect(missing.status).toBe(400);
    const unknown = await callRoute(lookupApi, "/api/lookup?zip=73301");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("No area is on file for ZIP 73301.");
  });
});

describe("/find", () => {
  test("answers 200 for a known ZIP, 400 with the message for a malformed one, 404 for an unknown one", async () => {
    expect((await page(findPage, "/find")).status).toBe(200);
    const known = await page(findPage, "/find?zip=82001");
    expect(known.status).toBe(200);
    expect(known.data).toMatchObject({ answer: { kind: "officials", lookup: { state: "WY", districts: [0] } } });
    const bad = await page(findPage, "/find?zip=abc");
    expect(bad).toMatchObject({ status: 400, data: { typed: "abc", error: expect.stringContaining("5 digits") } });
    expect(await page(findPage, "/find?zip=73301")).toMatchObject({ status: 404, data: { answer: { kind: "unknown" } } });
    expect(await page(findPage, "/find?zip=30165")).toMatchObject({ status: 200, data: { answer: { kind: "cross-state" } } });
  });
});

describe("home page", () => {
  test("a ZIP in the search box goes to the lookup", async () => {
    expect(await page(home, "/?q=90210")).toMatchObject({ status: 302, location: "/find?zip=90210#zip-answer" });
  });

  test("a signed-in visitor whose profile has a ZIP sees their own officials; without a ZIP, none", async () => {
    const cookie = await cookieFor("patriot@civicatlas.test");
    await db.user.update({ where: { email: "patriot@civicatlas.test" }, data: { zipCode: "05401" } });
    const mine = await page(home, "/", cookie);
    expect(mine.data).toMatchObject({ myOfficials: { kind: "officials", lookup: { state: "VT", districts: [0] } } });
    await db.user.update({ where: { email: "patriot@civicatlas.test" }, data: { zipCode: null } });
    expect((await page(home, "/", cookie)).data).toMatchObject({ myOfficials: null });
    expect((await page(home, "/")).data).toMatchObject({ myOfficials: null });
  });
});

describe("Census geocoder client", () => {
  let census: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    census = await startFixtureServer({ [CENSUS_PATH]: censusAnswer });
  });
  afterAll(() => census.close());

  test("asks geographies/onelineaddress with the current benchmark, vintage and district layer", () => {
    const url = new URL(geocoderUrl("https://geocoding.geo.census.gov", "455 N Rexford Dr, 90210"));
    expect(url.pathname).toBe("/geocoder/geographies/onelineaddress");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: "455 N Rexford Dr, 90210",
      benchmark: "Public_AR_Current",
      vintage: "Current_Current",
      layers: "119th Congressional Districts",
      format: "json",
    });
  });

  test("a matched address gives its state and district; an unmatched one says so", async () => {
    expect(await geocodeDistrict("455 N Rexford Dr, Beverly Hills, 90210", { base: census.url })).toEqual({
      status: "found",
      matchedAddress: "455 N REXFORD DR, BEVERLY HILLS, CA, 90210",
      stateFips: "06",
      district: 36,
    });
    expect(await geocodeDistrict("1 Nowhere Lane, 90210", { base: census.url })).toEqual({ status: "no-match" });
  });

  test("an error status, a slow answer or no server at all is 'unreachable' (the page's fallback is tested below)", async () => {
    census.routes["/geocoder/geographies/onelineaddress"] = { status: 500, body: "Internal error" };
    expect(await geocodeDistrict("455 N Rexford Dr, 90210", { base: census.url })).toEqual({ status: "unreachable" });
    census.routes["/geocoder/geographies/onelineaddress"] = { file: "tests/fixtures/census/beverly-hills-ca36.json", delayMs: 2_000 };
    expect(await geocodeDistrict("455 N Rexford Dr, 90210", { base: census.url, timeoutMs: 200 })).toEqual({ status: "unreachable" });
    const closed = await startFixtureServer();
    await closed.close();
    expect(await geocodeDistrict("455 N Rexford Dr, 90210", { base: closed.url })).toEqual({ status: "unreachable" });
    census.routes["/geocoder/geographies/onelineaddress"] = censusAnswer;
  });
});

describe("the street-address form on /find, as the built server answers it", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    const closed = await startFixtureServer();
    await closed.close(); // nothing listens on its port any more: the Census geocoder is unreachable
    server = await startBuiltServer({ CENSUS_GEOCODER_URL: closed.url, PUBLIC_FORM_RATE_LIMIT: "1000" });
  });
  afterAll(() => server?.stop());

  const refine = async (fields: Record<string, string>) => {
    const response = await fetch(`${server.url}/find`, {
      method: "POST",
      headers: { Origin: server.url },
      body: new URLSearchParams(fields),
    });
    // React marks where text pieces meet with <!-- -->; without them the HTML reads as the page does.
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };

  test("with the Census geocoder unreachable, a split ZIP shows every candidate district and says the address could not be checked", async () => {
    const { status, html } = await refine({ zip: "90210", address: "455 N Rexford Dr, Beverly Hills" });
    expect(status).toBe(200);
    expect(html).toContain("ZIP 90210 crosses district lines");
    for (const district of [30, 32, 36]) expect(html).toContain(`href="/district/CA-${district}"`);
    expect(html).toContain("geocoder could not be reached just now, so your address could not be checked.");
    expect(html).toContain("until then, here is every district ZIP 90210 may be in.");
    expect(html).toContain('value="455 N Rexford Dr, Beverly Hills"'); // kept in the form to try again

    // A state-crossing ZIP has no candidates to show: the same message, and the form to try again.
    const crossing = await refine({ zip: "30165", address: "601 Broad St, Rome, GA" });
    expect(crossing.status).toBe(200);
    expect(crossing.html).toContain("ZIP 30165 crosses a state line");
    expect(crossing.html).toContain("so your address could not be checked. Please try again in a minute.");
    expect(crossing.html).toContain('value="601 Broad St, Rome, GA"');
  });

  test("an address sent with a single-district ZIP (a forged form) is a 400 with a message, not a lookup", async () => {
    const { status, html } = await refine({ zip: "82001", address: "2323 Carey Ave, Cheyenne" });
    expect(status).toBe(400);
    expect(html).toMatch(
      /role="alert"[^>]*>Only a ZIP code that crosses district or state lines needs a street address\. Press Find to look up ZIP 82001 on its own\.</,
    );
    expect(html).not.toContain("Your officials for ZIP 82001");
    expect(html).not.toContain('href="/district/WY-AL"');
    expect(html).toMatch(/name="zip"[^>]*value="82001"/); // the ZIP form, filled in
  });
});
