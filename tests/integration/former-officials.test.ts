// Former officials: the profile of someone who no longer serves says so first (the office,
// its dates, who holds the seat now), shows their contact details as of when they left with no
// verified claim, and they stay out of search and every list of current officials. This file's own
// copy of the database, with the officials and terms it creates itself.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { officialParties, searchCandidates } from "~/models/officials.server";
import { generateOpenData, openDataPath } from "~/models/open-data.server";
import { officialsForDistricts } from "~/models/zip-codes.server";
import { loader as representativesApi } from "~/routes/api.representatives";
import { loader as searchApi } from "~/routes/api.search";
import { loader as homeLoader } from "~/routes/_index";
import { loader as profileLoader, meta as profileMeta } from "~/routes/representative.$id";
import { loader as historyLoader } from "~/routes/representative.$id_.history";
import { loader as stateLoader } from "~/routes/state.$abbr";
import { callRoute } from "../support/route-calls";

const LEGISLATORS = "https://unitedstates.github.io/congress-legislators/legislators-current.json";
type Profile = Awaited<ReturnType<typeof profileLoader>>;
const profile = async (id: number) =>
  (await callRoute(profileLoader, `/representative/${id}`, { params: { id: String(id) } })) as unknown as Profile;

let made = 0;
/** A former official of this test: inactive, with the terms given (every one ended). */
async function former(data: Partial<Prisma.OfficialUncheckedCreateInput>, terms: Omit<Prisma.OfficialTermCreateManyInput, "officialId">[]) {
  const name = `Formera Sen${++made}x${Date.now()}`;
  const official = await db.official.create({
    data: {
      name,
      firstName: "Formera",
      lastName: name.split(" ")[1],
      party: "Democratic",
      office: "Senator",
      stateId: (await db.state.findUniqueOrThrow({ where: { abbreviation: "OH" } })).id,
      isActive: false,
      phone: "202-224-2315",
      email: `formera${made}@senate.example.gov`,
      website: "https://formera.senate.example.gov",
      ...data,
    },
  });
  await db.officialTerm.createMany({ data: terms.map((t) => ({ ...t, officialId: official.id })) });
  return official;
}

/** Provenance as congress_import writes it, and a later check of the source that re-verifies import values. */
async function importedValues(officialId: number, fields: string[], verifiedAt: string) {
  for (const fieldName of fields) {
    await db.provenance.create({
      data: {
        entityType: "official",
        entityId: officialId,
        fieldName,
        sourceName: "congress-legislators",
        sourceUrl: LEGISLATORS,
        method: "import",
        retrievedAt: new Date(verifiedAt),
        verifiedAt: new Date(verifiedAt),
      },
    });
  }
  await db.sourceCheck.create({ data: { sourceName: "congress-legislators", checkedAt: new Date() } });
}

/** Jon Husted as the import records an appointee whose term ended at the special election, no successor named. */
async function endHusted() {
  const husted = await db.official.update({ where: { bioguideId: "H001104" }, data: { isActive: false } });
  await db.officialTerm.updateMany({
    where: { officialId: husted.id, type: "sen", start: "2025-01-21" },
    data: { end: "2026-11-03", endReason: "special-election", isCurrent: false },
  });
  return husted;
}

const ENDED = "Term ended Nov 3, 2026 (special election); the source has not yet named who holds the seat";

describe("a former official's profile", () => {
  test("a former senator: the heading with the dates of continuous service, and a link to the senator of the same class now", async () => {
    const official = await former({ senateClass: 1 }, [
      { type: "sen", start: "2013-01-03", end: "2019-01-03", state: "OH", senateClass: 1, isCurrent: false },
      { type: "sen", start: "2019-01-03", end: "2025-01-03", state: "OH", senateClass: 1, isCurrent: false },
    ]);
    const moreno = await db.official.findUniqueOrThrow({ where: { bioguideId: "M001242" } }); // Ohio, class 1
    const { former: said } = await profile(official.id);
    expect(said?.heading).toBe("Former U.S. Senator from Ohio, Jan 3, 2013 – Jan 3, 2025");
    expect(said?.holder).toEqual({ id: moreno.id, name: moreno.name, party: moreno.party });
    expect(said?.seatWords).toBeNull();
  });

  test("no verified claim on their contact details: the source's values are as of when they left", async () => {
    const official = await former({ senateClass: 1 }, [
      { type: "sen", start: "2019-01-03", end: "2025-01-03", state: "OH", senateClass: 1, isCurrent: false },
    ]);
    await importedValues(official.id, ["phone", "email", "website", "office", "dateOfBirth"], "2024-12-01T00:00:00Z");
    const { sources, former: said } = await profile(official.id);
    for (const field of ["phone", "email", "website", "office"]) {
      expect(sources[field].label, field).toBe("congress-legislators · as of when they left");
      expect(sources[field].detail, field).toBe("congress-legislators, imported, as of when they left office on Jan 3, 2025");
      expect(`${sources[field].label} ${sources[field].detail}`, field).not.toMatch(/verified/);
    }
    expect(said?.left).toBe("when they left office on Jan 3, 2025");
    // A fact about the person is still verified by the source's checks.
    expect(sources.dateOfBirth.label).toBe("congress-legislators · verified today");
  });

  test("a seat nobody holds: what the terms say about it, the state page's words", async () => {
    const husted = await endHusted();
    const { former: said } = await profile(husted.id);
    expect(said?.heading).toBe("Former U.S. Senator from Ohio, Jan 21, 2025 – Nov 3, 2026");
    expect(said?.holder).toBeNull();
    expect(said?.seatWords).toBe(ENDED);
  });

  test("a former House member's seat, and an end date not on file", async () => {
    const tx = await db.state.findUniqueOrThrow({ where: { abbreviation: "TX" } });
    const official = await former({ office: "Representative", stateId: tx.id, district: "23" }, [
      { type: "rep", start: "2021-01-03", end: null, endReason: "date-not-on-file", state: "TX", district: 23, isCurrent: false },
    ]);
    const { former: said } = await profile(official.id);
    expect(said?.heading).toBe("Former House Representative for Texas's 23rd congressional district, Jan 3, 2021 – date not on file");
    // TX-23's last member (the shipped historical file's) left on April 14, 2026; this term has no end on file.
    expect(said?.seatWords).toBe("Vacant since Apr 14, 2026");
  });

  test("the page's title and description say former, and a serving official's do not", async () => {
    const husted = await endHusted();
    const data = await profile(husted.id);
    const tags = profileMeta({ data } as never) as { title?: string; name?: string; content?: string }[];
    expect(tags.find((t) => t.title)?.title).toBe("Jon Husted, former U.S. Senator from Ohio · Civic Atlas");
    expect(tags.find((t) => t.name === "description")?.content).toMatch(
      /^Jon Husted, former U\.S\. Senator from Ohio \(Jan 21, 2025 – Nov 3, 2026\)/,
    );
    const moreno = await db.official.findUniqueOrThrow({ where: { bioguideId: "M001242" } });
    const serving = await profile(moreno.id);
    expect(serving.former).toBeNull();
    expect((profileMeta({ data: serving } as never) as { title?: string }[]).find((t) => t.title)?.title).toBe(
      "Bernie Moreno, Senator · Civic Atlas",
    );
  });
});

describe("an incoming official is not a former one", () => {
  test("a member-elect whose term has not begun: when they take office, no former heading; a returning member: both", async () => {
    const elect = await former({ senateClass: 1 }, [
      { type: "sen", start: "2031-01-03", end: "2037-01-03", state: "OH", senateClass: 1, isCurrent: false },
    ]);
    const data = await profile(elect.id);
    expect(data.former).toBeNull();
    expect(data.incoming).toEqual({ office: "Senator", words: `Senator-elect ${elect.name} takes office Jan 3, 2031` });
    expect((profileMeta({ data } as never) as { title?: string }[]).find((t) => t.title)?.title).toBe(
      `${elect.name}, incoming Senator · Civic Atlas`,
    );

    const tx = await db.state.findUniqueOrThrow({ where: { abbreviation: "TX" } });
    const returning = await former({ office: "Representative", stateId: tx.id, district: "19" }, [
      { type: "rep", start: "2015-01-03", end: "2017-01-03", state: "TX", district: 19, isCurrent: false },
      { type: "rep", start: "2031-01-03", end: "2033-01-03", state: "TX", district: 19, isCurrent: false },
    ]);
    const both = await profile(returning.id);
    expect(both.former?.heading).toBe("Former House Representative for Texas's 19th congressional district, Jan 3, 2015 – Jan 3, 2017");
    expect(both.incoming?.words).toBe(`Representative-elect ${returning.name} takes office Jan 3, 2031`);
  });
});

describe("former officials are out of every list of current officials, and still reachable", () => {
  test("search, state and home pages, map, ZIP answer, API lists and open data leave them out; the profile and history stay", async () => {
    const husted = await endHusted();
    const ohio = await db.state.findUniqueOrThrow({ where: { abbreviation: "OH" } });
    const ids = (list: { id: number }[]) => list.map((o) => o.id);

    expect((await searchCandidates(db)).filter((r) => r.kind === "official" && r.name.includes("Husted"))).toEqual([]);
    const api = (await (await callRoute(searchApi, "/api/search?q=Husted")).json()) as { results: { kind: string }[] };
    expect(api.results.filter((r) => r.kind === "official")).toEqual([]);

    const state = (await callRoute(stateLoader, "/state/OH", { params: { abbr: "OH" } })) as unknown as { officials: { id: number }[] };
    expect(ids(state.officials)).not.toContain(husted.id);
    const home = (await callRoute(homeLoader, "/?state=OH")) as unknown as { officials: { id: number }[] };
    expect(ids(home.officials)).not.toContain(husted.id);
    expect((await officialParties(db)).filter((o) => o.stateId === ohio.id && o.office === "Senator")).toHaveLength(1);
    expect(ids((await officialsForDistricts(db, "OH", [3]))!.senators)).not.toContain(husted.id);
    expect(ids((await (await callRoute(representativesApi, "/api/representatives")).json()) as { id: number }[])).not.toContain(husted.id);

    const root = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-former-"));
    const manifest = await generateOpenData(db, root, 1);
    expect(readFileSync(openDataPath(manifest, "officials.csv", root), "utf8")).not.toContain("Husted");

    expect((await profile(husted.id)).official.name).toBe("Jon Husted");
    const history = (await callRoute(historyLoader, `/representative/${husted.id}/history`, {
      params: { id: String(husted.id) },
    })) as unknown as {
      official: { id: number };
    };
    expect(history.official.id).toBe(husted.id);
  });
});
