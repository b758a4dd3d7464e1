// The real roll calls shipped with the app (prisma/data/roll-calls): the seed's loadShippedVotes
// stores them on the seeded members through the import's own writer, so a fresh install's profiles
// and issue maps show real votes; a second seed writes nothing; the nightly import goes on after
// them and fills the roll calls before them instead of reading them again. (The tests' shared base
// database is seeded without them, SEED_VOTES=none; this file loads them into its own copy.)
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { govtrackImport } from "~/jobs/govtrack-import.server";
import { POLICY_ISSUES } from "~/lib/policy-issues";
import { issueMap } from "~/models/issue-votes.server";
import { issueVotesOf, recentVotesOf } from "~/models/official-votes.server";
import { loadShippedVotes, readShippedVotes } from "~/models/shipped-votes.server";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

const shipped = readShippedVotes();
const shippedIds = shipped.rollCalls.map((r) => r.rollCall.voteId);
let first: Awaited<ReturnType<typeof loadShippedVotes>>;
let loadMs = 0;

beforeAll(async () => {
  const started = Date.now();
  first = await loadShippedVotes(db, shipped);
  loadMs = Date.now() - started;
}, 120_000);

const jeffries = () => db.official.findFirstOrThrow({ where: { bioguideId: "J000294" } });

test("every shipped roll call is stored with each seeded member's position, and a second load writes nothing", async () => {
  console.log(`Shipped votes: ${first.rollCalls} roll calls, ${first.positions} positions, ${first.bills} bills in ${loadMs} ms`);
  expect(first).toMatchObject({ rollCalls: shipped.rollCalls.length, bills: 5 });
  expect(await db.rollCall.count({ where: { voteId: { in: shippedIds } } })).toBe(shippedIds.length);
  // House roll 94 of 2026 (H.R. 1958): 231 Yea, 186 Nay, 15 not voting in the Clerk's file.
  expect(await db.votingRecord.count({ where: { voteId: "h94-119.2026" } })).toBe(432);
  const positionsBefore = await db.votingRecord.count({ where: { voteId: { in: shippedIds } } });
  expect(await loadShippedVotes(db, shipped)).toEqual({ bills: 0, rollCalls: 0, positions: 0 });
  expect(await db.votingRecord.count({ where: { voteId: { in: shippedIds } } })).toBe(positionsBefore);
});

test("a shipped roll call reads as an imported one: the Clerk's question, result, bill, day and file address", async () => {
  expect(await db.rollCall.findUniqueOrThrow({ where: { voteId: "h94-119.2026" } })).toMatchObject({
    chamber: "house",
    congress: 119,
    session: 2,
    number: 94,
    voteDate: "2026-03-18",
    question: "On Passage",
    result: "Passed",
    billType: "hr",
    billNumber: 1958,
    billTitle: "Deporting Fraudsters Act",
    sourceUrl: "https://clerk.house.gov/evs/2026/roll094.xml",
  });
  expect(await db.rollCall.findUniqueOrThrow({ where: { voteId: "s226-119.2026" } })).toMatchObject({
    chamber: "senate",
    question: "On the Cloture Motion",
    result: "Cloture Motion Agreed to",
    billType: "hr",
    billNumber: 6500,
    sourceUrl: "https://www.senate.gov/legislative/LIS/roll_call_votes/vote1192/vote_119_2_00226.xml",
  });
  expect(await db.bill.findUniqueOrThrow({ where: { congress_type_number: { congress: 119, type: "hr", number: 1958 } } })).toMatchObject({
    policyArea: "Immigration",
    sourceUrl: "https://www.govinfo.gov/bulkdata/BILLSTATUS/119/hr/BILLSTATUS-119hr1958.xml",
  });
  const climate = await db.bill.findUniqueOrThrow({ where: { congress_type_number: { congress: 119, type: "sjres", number: 188 } } });
  expect(climate).toMatchObject({
    policyArea: "Environmental Protection",
    sourceUrl: "https://www.govinfo.gov/bulkdata/BILLSTATUS/119/sjres/BILLSTATUS-119sjres188.xml",
  });
  expect(climate.subjects).toContain("Climate change and greenhouse gases");
});

test("a profile's Recent Voting Record shows real votes, and On the issues his vote on H.R. 1958", async () => {
  const { id } = await jeffries();
  const recent = await recentVotesOf(db, id, 10);
  expect(recent).toHaveLength(10);
  expect(recent[0]).toMatchObject({ voteId: "h283-119.2026", voteDate: "2026-07-23", votePosition: "Nay" });
  const immigration = (await issueVotesOf(db, id)).find((v) => v.issue.slug === "immigration");
  expect(immigration?.votes).toContainEqual(expect.objectContaining({ voteId: "h94-119.2026", votePosition: "Nay" }));
});

describe("issue maps on the shipped data", () => {
  // Each issue's roll call is the one on its shipped bill status file: H.R. 1958 (Immigration),
  // H.R. 6359 (Education, with the subject Abortion), S.J.Res. 188 (subject Climate change and greenhouse
  // gases), H.R. 915 (Commerce) and H.R. 4541 (Health). No bill of the slice is filed under Marijuana
  // (prisma/data/roll-calls/README.md).
  const expected: Record<string, string | null> = {
    abortion: "h47-119.2026",
    immigration: "h94-119.2026",
    education: "h47-119.2026",
    climate: "s135-119.2026",
    economy: "h226-119.2026",
    healthcare: "h250-119.2026",
    marijuana: null,
  };
  test.each(POLICY_ISSUES.map((i) => i.slug))("%s", async (slug) => {
    const map = await issueMap(db, slug);
    expect(map?.chosen?.voteId ?? null).toBe(expected[slug]);
    if (map?.chosen) expect(Object.keys(map.tallies).length).toBeGreaterThan(40);
  });
});

describe("the nightly import after the shipped roll calls", () => {
  let server: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  test("reads the House roll calls before and after the shipped ones, never a shipped one again", async () => {
    const houseXml = readFileSync("tests/fixtures/votes/house-clerk-roll240-2025.excerpt.xml", "utf8");
    // The recorded Clerk file as rolls 1 and 284 of 2026 (the shipped House roll calls are 184–283, 46, 47 and 94).
    const as2026 = (n: number) =>
      houseXml
        .replace("<rollcall-num>240</rollcall-num>", `<rollcall-num>${n}</rollcall-num>`)
        .replace("<session>1st</session>", "<session>2nd</session>")
        .replace("<action-date>8-Sep-2025</action-date>", "<action-date>10-Aug-2026</action-date>");
    server.routes["/evs/2026/roll001.xml"] = { body: as2026(1), type: "text/xml" };
    server.routes["/evs/2026/roll284.xml"] = { body: as2026(284), type: "text/xml" };
    const sources = { houseClerk: `${server.url}/evs`, senateLis: `${server.url}/lis`, billStatus: `${server.url}/govinfo` };
    const lines: string[] = [];
    const { results } = await govtrackImport(
      testJobContext(db, { sources, now: () => new Date("2026-08-12T12:00:00Z"), log: (line) => lines.push(line) }),
      { intervalMs: 0 },
    );
    expect(results).toMatchObject({ rollCalls: 2 });
    expect(await db.rollCall.count({ where: { voteId: { in: ["h1-119.2026", "h284-119.2026"] } } })).toBe(2);
    const asked = (path: string) => server.requests.filter((r) => r === path).length;
    for (const shippedRoll of ["roll046.xml", "roll094.xml", "roll184.xml", "roll283.xml"])
      expect(asked(`/evs/2026/${shippedRoll}`)).toBe(0);
    expect(asked("/evs/2026/roll002.xml")).toBe(1);
    expect(asked("/evs/2026/roll285.xml")).toBe(1);
    expect(asked("/lis/vote1192/vote_119_2_00227.xml")).toBe(1);
    // House rolls 2–183 but the shipped 46, 47 and 94 are not at this server: said once, with the first numbers.
    expect(lines).toContain(
      "House, 119th Congress, 2nd session: 179 roll calls below the last stored not found (404), passed over: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, …",
    );
  }, 120_000);
});
