// An empty governorship reads the same on the ZIP answer as on the state page (one rule,
// governorVacancyOf): empty only when a governor was on file and left with no successor on file (and
// then, as a governorship passes at once, the source has not yet named who holds it); no governor on
// file at all is missing data. Against the production build, on this file's own copy of the database.
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const page = async (path: string) => cheerio.load(await (await fetch(server.url + path)).text());
/** The governor part of the ZIP answer and of the state page, as text. */
const zipGovernor = async (zip: string) => (await page(`/find?zip=${zip}`))('[aria-labelledby="zip-governor"]').text();
const stateGovernor = async (abbreviation: string) => {
  const $ = await page(`/state/${abbreviation}`);
  return $("details")
    .filter((_, d) => $(d).find("summary h2").text() === "Governor")
    .text();
};

describe("an empty governorship on the ZIP answer and the state page", () => {
  test("a state with no governor on file: missing data on both, not 'Vacant'", async () => {
    const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
    await db.official.deleteMany({ where: { stateId: vermont.id, office: "Governor" } }); // their terms go with them

    const zip = await zipGovernor("05401"); // Burlington, Vermont
    expect(zip).toContain("Governor information not available");
    expect(zip).not.toContain("Vacant");
    const state = await stateGovernor("VT");
    expect(state).toContain("Governor information not available");
    expect(state).not.toContain("Vacant");
  });

  test("a governor who left with no successor on file: the term ended and the source has not named who holds it, on both", async () => {
    const oregon = await db.state.findUniqueOrThrow({ where: { abbreviation: "OR" } });
    const governor = await db.official.findFirstOrThrow({ where: { stateId: oregon.id, office: "Governor", isActive: true } });
    await db.official.update({ where: { id: governor.id }, data: { isActive: false } });
    await db.officialTerm.updateMany({
      where: { officialId: governor.id, isCurrent: true },
      data: { isCurrent: false, end: "2026-11-02" },
    });

    const words = "Term ended Nov 2, 2026; the source has not yet named who holds the seat";
    expect(await zipGovernor("97201")).toContain(words); // Portland, Oregon
    expect(await stateGovernor("OR")).toContain(words);
  });
});
