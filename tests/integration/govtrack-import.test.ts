// govtrack_import against a local server answering at the real paths with the recorded House Clerk
// and Senate LIS files (tests/fixtures/votes/), on the real database: positions land on the right
// officials and on their profiles, a first run fills the whole Congress, a rerun writes nothing, a
// broken file fails the run without half a roll call, unknown members are reported, and a session
// change is followed. (Bills and RollCall rows: roll-calls-bills.test.ts.)
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { govtrackImport } from "~/jobs/govtrack-import.server";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { createRunner } from "~/jobs/runner.server";
import { queueRun } from "~/models/jobs.server";
import { rollCallTextOf } from "~/models/voting-records.server";
import { loader as votingRecordsCall } from "~/routes/api.representatives.$id.voting-records";
import { loader as profilePage } from "~/routes/representative.$id";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

const HOUSE_FILE = "tests/fixtures/votes/house-clerk-roll240-2025.excerpt.xml";
const SENATE_FILE = "tests/fixtures/votes/senate-vote_119_1_00618.excerpt.xml";
const houseXml = readFileSync(HOUSE_FILE, "utf8");

/** The recorded House file as another roll call (number and session rewritten), for walks past roll 240. */
const houseRollCall = (number: number, session = "1st", date = "8-Sep-2025") =>
  houseXml
    .replace("<rollcall-num>240</rollcall-num>", `<rollcall-num>${number}</rollcall-num>`)
    .replace("<session>1st</session>", `<session>${session}</session>`)
    .replace("<action-date>8-Sep-2025</action-date>", `<action-date>${date}</action-date>`);
const houseRoute = (year: number, number: number) => `/evs/${year}/roll${String(number).padStart(3, "0")}.xml`;
const senateRoute = (number: number) => `/lis/vote1191/vote_119_1_${String(number).padStart(5, "0")}.xml`;

let server: Awaited<ReturnType<typeof startFixtureServer>>;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const lines: string[] = [];
const sources = () => ({ houseClerk: `${server.url}/evs`, senateLis: `${server.url}/lis`, billStatus: `${server.url}/govinfo` });
const run = (now = "2025-11-20T12:00:00Z") =>
  govtrackImport(testJobContext(db, { sources: sources(), now: () => new Date(now), log: (line) => lines.push(line) }), { intervalMs: 0 });
const officialId = async (where: { bioguideId: string } | { lisId: string }) => (await db.official.findFirstOrThrow({ where })).id;
const positionOf = async (where: { bioguideId: string } | { lisId: string }, voteId: string) =>
  (await db.votingRecord.findUnique({ where: { officialId_voteId: { officialId: await officialId(where), voteId } } }))?.votePosition;
const asked = (path: string) => server.requests.filter((r) => r === path).length;

describe("a first run, with no roll call stored", () => {
  test("fills the whole current Congress, both sessions from roll call 1; the next run reads only what is new", async () => {
    for (let n = 1; n <= 130; n++) server.routes[houseRoute(2025, n)] = { body: houseRollCall(n), type: "text/xml" };
    for (let n = 1; n <= 3; n++) server.routes[houseRoute(2026, n)] = { body: houseRollCall(n, "2nd", "10-Feb-2026"), type: "text/xml" };
    const { results } = await run("2026-03-01T12:00:00Z");
    const stored = await db.rollCall.findMany({ select: { voteId: true } });
    expect(stored.map((s) => s.voteId).sort()).toEqual(
      [...Array.from({ length: 130 }, (_, i) => `h${i + 1}-119.2025`), "h1-119.2026", "h2-119.2026", "h3-119.2026"].sort(),
    );
    expect(results).toMatchObject({ rollCalls: 133, updated: 133 * 8, capReached: [] });
    expect(asked(houseRoute(2025, 1))).toBe(1);
    // The Senate had no vote 1 in either session at this server.
    expect(asked(senateRoute(1))).toBe(1);

    // The next run goes on after roll call 130 of 2025 and 3 of 2026 (and looks for the Senate's first votes again).
    const before = server.requests.length;
    expect((await run("2026-03-01T13:00:00Z")).results).toMatchObject({ rollCalls: 0, updated: 0, capReached: [] });
    expect(server.requests.slice(before).filter((r) => r.startsWith("/evs/"))).toEqual([houseRoute(2025, 131), houseRoute(2026, 4)]);

    await db.votingRecord.deleteMany({});
    await db.rollCall.deleteMany({});
    await db.bill.deleteMany({});
    for (let n = 1; n <= 130; n++) delete server.routes[houseRoute(2025, n)];
    for (let n = 1; n <= 3; n++) delete server.routes[houseRoute(2026, n)];
  });
});

describe("roll calls since the last one stored", () => {
  beforeAll(async () => {
    // The last roll calls already stored: House 239 and Senate 617 of the 119th Congress, 1st session.
    for (const [voteId, chamber, number] of [
      ["h239-119.2025", "house", 239],
      ["s617-119.2025", "senate", 617],
    ] as const) {
      await db.rollCall.create({
        data: {
          voteId,
          chamber,
          congress: 119,
          session: 1,
          number,
          voteDate: "2025-09-05",
          question: "An earlier question",
          billTitle: "An earlier vote",
          sourceUrl: "https://example.test/earlier",
          fetchedAt: new Date("2025-09-06T00:00:00Z"),
        },
      });
    }
    server.routes[houseRoute(2025, 240)] = { file: HOUSE_FILE };
    server.routes[senateRoute(618)] = { file: SENATE_FILE };
  });

  test("stores each member's position from House roll 240 and Senate vote 618 on the right official", async () => {
    const { results } = await run();
    expect(results).toMatchObject({ processed: 13, updated: 13, rollCalls: 2, unknownMembers: 0 });
    expect(asked(houseRoute(2025, 241))).toBe(1);
    expect(asked(senateRoute(619))).toBe(1);

    // As the files say: Beyer Nay, Buchanan and Zinke Not Voting, Adams and García Yea; Alsobrooks Nay, King and Young Yea.
    expect(await positionOf({ bioguideId: "B001292" }, "h240-119.2025")).toBe("Nay");
    expect(await positionOf({ bioguideId: "B001260" }, "h240-119.2025")).toBe("Not Voting");
    expect(await positionOf({ bioguideId: "Z000018" }, "h240-119.2025")).toBe("Not Voting");
    expect(await positionOf({ bioguideId: "A000370" }, "h240-119.2025")).toBe("Yea");
    expect(await positionOf({ bioguideId: "G000586" }, "h240-119.2025")).toBe("Yea");
    expect(await positionOf({ lisId: "S428" }, "s618-119.2025")).toBe("Nay");
    expect(await positionOf({ lisId: "S363" }, "s618-119.2025")).toBe("Yea");
    expect(await positionOf({ lisId: "S391" }, "s618-119.2025")).toBe("Yea");
    // A senator's House vote is not invented: Banks is in the Senate file only.
    expect(await positionOf({ lisId: "S429" }, "h240-119.2025")).toBeUndefined();

    // A position as its readers see it: lean rows take the roll call's strings from its RollCall row.
    const position = async (where: object, voteId: string) =>
      (await rollCallTextOf(db, [await db.votingRecord.findFirstOrThrow({ where: { official: where, voteId } })]))[0];
    const beyer = await position({ bioguideId: "B001292" }, "h240-119.2025");
    expect(beyer).toMatchObject({
      chamber: "house",
      billNumber: "H.R. 3424",
      billTitle: "SPACE Act",
      description: "On Motion to Suspend the Rules and Pass: Passed",
      voteDate: "2025-09-08",
      sourceUrl: `${server.url}${houseRoute(2025, 240)}`,
    });
    const king = await position({ lisId: "S363" }, "s618-119.2025");
    expect(king).toMatchObject({
      chamber: "senate",
      billNumber: "H.R. 5371",
      voteDate: "2025-11-10",
      sourceUrl: `${server.url}${senateRoute(618)}`,
    });
  });

  test("a rerun imports nothing and writes nothing", async () => {
    const before = await db.votingRecord.findMany({ orderBy: { id: "asc" } });
    const { results } = await run();
    expect(results).toMatchObject({ processed: 0, updated: 0, rollCalls: 0 });
    expect(await db.votingRecord.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  test("the profile and the voting-records call show the imported votes", async () => {
    const beyer = await officialId({ bioguideId: "B001292" });
    const answer = (await votingRecordsCall({
      request: new Request("http://localhost/x"),
      params: { id: String(beyer) },
      context: {},
    } as never)) as Response;
    expect(await answer.json()).toEqual([
      expect.objectContaining({ billTitle: "SPACE Act", billNumber: "H.R. 3424", voteDate: "2025-09-08", votePosition: "Nay" }),
    ]);
    const king = await officialId({ lisId: "S363" });
    const page = (await profilePage({
      request: new Request(`http://localhost/representative/${king}`),
      params: { id: String(king) },
      context: { cspNonce: "" },
    } as never)) as {
      votes: { billTitle: string; votePosition: string; voteDate: string }[];
    };
    expect(page.votes).toEqual([
      expect.objectContaining({
        billTitle: "A bill making continuing appropriations and extensions for fiscal year 2026, and for other purposes.",
        votePosition: "Yea",
        voteDate: "2025-11-10",
      }),
    ]);
  });

  test("a broken file fails the run with a clear message; the roll calls before it stay whole, and a rerun finishes", async () => {
    server.routes[houseRoute(2025, 241)] = { body: houseRollCall(241), type: "text/xml" };
    const broken = houseRollCall(242);
    server.routes[houseRoute(2025, 242)] = { body: broken.slice(0, broken.indexOf("Buchanan")), type: "text/xml" };
    // Through the real runner, as staff would see it in the execution.
    const runner = createRunner({
      db,
      // The registry's job, without the one-second pause between requests to the one local server.
      jobs: { ...JOB_FUNCTIONS, govtrack_import: (ctx) => govtrackImport(ctx, { intervalMs: 0 }) },
      sources: { ...testJobContext(db).sources, ...sources() },
    });
    try {
      const { id } = await queueRun(db, "govtrack_import", { trigger: "manual" });
      await runner.wake();
      const execution = await db.jobExecution.findUniqueOrThrow({ where: { id } });
      expect(execution.status).toBe("failed");
      expect(execution.errorMessage).toBe(
        `House roll call 242 (119th Congress, 1st session) (${server.url}${houseRoute(2025, 242)}): the file is incomplete or not a roll call (it does not end with </rollcall-vote>)`,
      );
    } finally {
      await runner.stop();
    }
    expect(await db.votingRecord.count({ where: { voteId: "h241-119.2025" } })).toBe(8);
    expect(await db.votingRecord.count({ where: { voteId: "h242-119.2025" } })).toBe(0);

    server.routes[houseRoute(2025, 242)] = { body: broken, type: "text/xml" };
    expect((await run()).results).toMatchObject({ rollCalls: 1, updated: 8 });
  });

  test("a member not in our table is counted and logged; the others are stored", async () => {
    await db.official.update({ where: { bioguideId: "Z000018" }, data: { bioguideId: null } });
    server.routes[houseRoute(2025, 243)] = { body: houseRollCall(243), type: "text/xml" };
    lines.length = 0;
    const { results } = await run();
    expect(results).toMatchObject({ processed: 8, updated: 7, rollCalls: 1, unknownMembers: 1, unknownMemberIds: ["Z000018"] });
    expect(lines).toContain("Members not in our table (1): Z000018");
    expect(await db.votingRecord.count({ where: { voteId: "h243-119.2025" } })).toBe(7);
  });

  test("after January 3, 2027 a run finishes the 119th Congress's last session, then reads the 120th's (skipping the Speaker's election)", async () => {
    server.routes[houseRoute(2026, 1)] = { body: houseRollCall(1, "2nd", "18-Dec-2026"), type: "text/xml" };
    expect((await run("2026-12-20T12:00:00Z")).results).toMatchObject({ rollCalls: 1, updated: 7 });
    expect(await positionOf({ bioguideId: "B001292" }, "h1-119.2026")).toBe("Nay");

    // A vote late in December, read only after the new Congress met, and the new Congress's first roll call.
    server.routes[houseRoute(2026, 2)] = { body: houseRollCall(2, "2nd", "19-Dec-2026"), type: "text/xml" };
    const election = houseRollCall(1, "1st", "3-Jan-2027")
      .replace("<congress>119</congress>", "<congress>120</congress>")
      .replace("On Motion to Suspend the Rules and Pass", "Election of the Speaker")
      .replaceAll("<vote>Yea</vote>", "<vote>Jeffries</vote>");
    server.routes[houseRoute(2027, 1)] = { body: election, type: "text/xml" };
    const { results } = await run("2027-01-05T12:00:00Z");
    expect(results).toMatchObject({ rollCalls: 2, updated: 7, elections: 1 });
    expect(await positionOf({ bioguideId: "B001292" }, "h2-119.2026")).toBe("Nay");
    expect(await db.votingRecord.count({ where: { voteId: { endsWith: "-120.2027" } } })).toBe(0);
    expect(asked(houseRoute(2027, 2))).toBe(1);
  });
});
