// The public JSON API and the page loaders' answers to bad input, on the real database.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader as activities } from "~/routes/api.activities";
import { loader as governorOfState } from "~/routes/api.governors.state.$stateId";
import { loader as governors } from "~/routes/api.governors";
import { loader as official } from "~/routes/api.representatives.$id";
import { loader as votingRecords } from "~/routes/api.representatives.$id.voting-records";
import { loader as website } from "~/routes/api.representatives.$id.website";
import { loader as officials } from "~/routes/api.representatives";
import { loader as search } from "~/routes/api.search";
import { loader as positions } from "~/routes/api.state-positions";
import { loader as states } from "~/routes/api.states";
import { loader as home } from "~/routes/_index";
import { loader as profilePage } from "~/routes/representative.$id";
import { loader as legacyProfile } from "~/routes/representatives.$id";

const call = async (loader: (args: never) => unknown, path: string, params: Record<string, string> = {}, headers: HeadersInit = {}) =>
  (await loader({ request: new Request(`http://localhost${path}`, { headers }), params, context: { cspNonce: "" } } as never)) as Response;
const body = async (r: Response) => r.json();
const cantwell = () => db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });

describe("GET /api/states and /api/representatives", () => {
  test("list every jurisdiction and every active official", async () => {
    const s = await call(states, "/api/states");
    expect((await body(s)).map((x: { abbreviation: string }) => x.abbreviation)).toHaveLength(56);
    const all = await body(await call(officials, "/api/representatives"));
    // 537 members and 50 governors in the shipped data, less Husted and Moody, whose appointed
    // terms ended at the special elections of Nov 3, 2026 (the tests' seed takes 2026-11-27 as today).
    expect(all).toHaveLength(585);
  });

  test("an unchanged list answers 304 to its ETag", async () => {
    const first = await call(states, "/api/states");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await call(states, "/api/states", {}, { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });
});

describe("one official", () => {
  test("detail, website and voting records", async () => {
    const { id } = await cantwell();
    const detail = await body(await call(official, `/api/representatives/${id}`, { id: String(id) }));
    expect(detail).toMatchObject({ name: "Maria Cantwell", office: "Senator", state: { abbreviation: "WA" } });
    expect(await body(await call(website, `/x`, { id: String(id) }))).toEqual({ website: "https://www.cantwell.senate.gov" });
    await db.votingRecord.create({
      data: {
        officialId: id,
        voteId: "s618-119.2025",
        billTitle: "Continuing Appropriations",
        billNumber: "H.R. 5371",
        voteDate: "2025-11-10",
        votePosition: "Yea",
      },
    });
    expect(await body(await call(votingRecords, `/x`, { id: String(id) }))).toMatchObject([
      { billNumber: "H.R. 5371", votePosition: "Yea" },
    ]);
  });

  test("an unknown id is a 404 with a message", async () => {
    const missing = await call(votingRecords, "/x", { id: "999999" });
    expect(missing.status).toBe(404);
    expect((await body(missing)).message).toBe("No elected official has the id 999999.");
  });

  test("only the canonical decimal id finds an official; every other spelling is a 404", async () => {
    const { id } = await cantwell();
    expect((await call(official, "/x", { id: String(id) })).status).toBe(200);
    const spellings = [
      `0${id}`,
      `+${id}`,
      ` ${id} `,
      `0x${id.toString(16)}`,
      `${id / 10}e1`,
      `${id}.0`,
      "abc",
      "0",
      "-1",
      "2147483648",
      "",
    ];
    for (const spelling of spellings) {
      for (const route of [official, website, votingRecords]) {
        const answer = await call(route, "/x", { id: spelling });
        expect(answer.status, `${spelling}`).toBe(404);
        expect((await body(answer)).message).toBe(`No elected official has the id ${spelling}.`);
      }
    }
    expect((await call(governorOfState, "/x", { stateId: "0x10" })).status).toBe(404);
    expect((await call(governorOfState, "/x", { stateId: "+6" })).status).toBe(404);
  });
});

describe("governors", () => {
  test("all 50, and one per state (null for a territory)", async () => {
    expect(await body(await call(governors, "/api/governors"))).toHaveLength(50);
    const tx = await db.state.findUniqueOrThrow({ where: { abbreviation: "TX" } });
    expect(await body(await call(governorOfState, "/x", { stateId: String(tx.id) }))).toMatchObject({
      office: "Governor",
      party: "Republican",
    });
    const gu = await db.state.findUniqueOrThrow({ where: { abbreviation: "GU" } });
    expect(await body(await call(governorOfState, "/x", { stateId: String(gu.id) }))).toBeNull();
    expect((await call(governorOfState, "/x", { stateId: "0" })).status).toBe(404);
  });
});

describe("GET /api/state-positions", () => {
  test("party affiliation: the majority party among the state's officials of the type", async () => {
    const list = await body(await call(positions, "/api/state-positions?issue=all&filterType=senators"));
    const wy = await db.state.findUniqueOrThrow({ where: { abbreviation: "WY" } });
    const me = await db.state.findUniqueOrThrow({ where: { abbreviation: "ME" } });
    const position = (id: number) => list.find((p: { stateId: number }) => p.stateId === id).overallMajorityPosition;
    expect(position(wy.id)).toBe("Republican");
    expect(position(me.id)).toBe("Split"); // Collins (R) and King (I)
  });

  test("other issues have no data yet; bad values are a 400 with a message", async () => {
    expect(await body(await call(positions, "/api/state-positions?issue=climate&filterType=all"))).toEqual([]);
    const bad = await call(positions, "/api/state-positions?issue=all&filterType=mayors");
    expect(bad.status).toBe(400);
    expect((await body(bad)).message).toMatch(/filterType must be one of/);
  });
});

describe("GET /api/search and /api/activities", () => {
  test("search ranks like the page and refuses fewer than 2 characters", async () => {
    const { results } = await body(await call(search, "/api/search?q=cantw"));
    expect(results.map((r: { name: string }) => r.name)).toEqual(["Maria Cantwell"]);
    const { results: byAbbreviation } = await body(await call(search, "/api/search?q=WA"));
    expect(byAbbreviation[0]).toMatchObject({ kind: "state", name: "Washington" });
    expect((await call(search, "/api/search?q=a")).status).toBe(400);
  });

  test("activities are the newest verified values first", async () => {
    const list = await body(await call(activities, "/api/activities"));
    expect(list.length).toBeGreaterThan(0);
    const dates = list.map((a: { verifiedAt: string }) => a.verifiedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe("page loaders refuse bad input with a 4xx", () => {
  const status = async (path: string) => {
    try {
      await call(home, path);
      return 200;
    } catch (thrown) {
      return (thrown as { init?: { status: number } }).init?.status;
    }
  };
  test("unknown filters are 400, an unknown state 404", async () => {
    expect(await status("/?group=mayors")).toBe(400);
    expect(await status("/?size=13")).toBe(400);
    expect(await status("/?state=ZZ")).toBe(404);
    expect(await status("/?state=ca&group=senators")).toBe(200);
  });

  test("the profile page answers 404 to any id that is not canonical decimal", async () => {
    const { id } = await cantwell();
    const status = async (spelling: string) => {
      try {
        await call(profilePage, "/x", { id: spelling });
        return 200;
      } catch (thrown) {
        return (thrown as { init?: { status: number } }).init?.status;
      }
    };
    expect(await status(String(id))).toBe(200);
    for (const spelling of [`0${id}`, `+${id}`, ` ${id} `, `0x${id.toString(16)}`, "1e3", "9999999999"])
      expect(await status(spelling)).toBe(404);
  });

  test("/representatives/{id} is a permanent redirect to /representative/{id}", async () => {
    const response = await call(legacyProfile, "/representatives/12?from=state", { id: "12" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/representative/12?from=state");
  });
});
