// Roll calls with what they were on: the parsers read each roll call's question, result and bill
// from the real House Clerk and Senate LIS files (checked against the unitedstates/congress JSON of
// the same votes), and govtrack_import writes one RollCall row per roll call with its positions,
// fetching each bill's Library of Congress status file once (a real 119th Congress file served on
// 127.0.0.1 at govinfo's path), keeping a roll call whose bill has no file, writing lean positions
// whose readers still show the roll call's title, wording and source, writing nothing on a repeat
// run, and resuming a stopped first fill of the Congress where it stopped.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { govtrackImport } from "~/jobs/govtrack-import.server";
import { parseHouseRollCall, parseSenateRollCall } from "~/lib/roll-calls";
import type { PageVote } from "~/models/official-votes.server";
import { latestVotesOf } from "~/models/follows.server";
import { votingRecordsOf } from "~/models/officials.server";
import { currentOpenData, openDataPath } from "~/models/open-data.server";
import { loader as profilePage } from "~/routes/representative.$id";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

const HOUSE_FILE = "tests/fixtures/votes/house-clerk-roll240-2025.excerpt.xml";
const SENATE_FILE = "tests/fixtures/votes/senate-vote_119_1_00618.excerpt.xml";
const BILL_FILE = "tests/fixtures/billstatus/119/BILLSTATUS-119hr3424.xml";
const houseXml = readFileSync(HOUSE_FILE, "utf8");
const senateXml = readFileSync(SENATE_FILE, "utf8");
const congressJson = (voteId: string) =>
  JSON.parse(readFileSync(`tests/fixtures/votes/congress-project-vote-${voteId}.data.json`, "utf8")) as {
    bill: { type: string; number: number };
    result: string;
    type: string;
  };

describe("the parsers read what a roll call was on", () => {
  test("House roll 240 of 2025: the question, the result and H.R. 3424, as the unitedstates/congress JSON reads them", () => {
    const rollCall = parseHouseRollCall(houseXml);
    const json = congressJson("h240-119.2025");
    expect(rollCall).toMatchObject({
      question: "On Motion to Suspend the Rules and Pass",
      result: "Passed",
      bill: { type: "hr", number: 3424 },
    });
    expect(rollCall.bill).toEqual({ type: json.bill.type, number: json.bill.number });
    expect([rollCall.question, rollCall.result]).toEqual([json.type, json.result]);
  });

  test("Senate vote 618 of 2025: the question, the result and H.R. 5371, as the unitedstates/congress JSON reads them", () => {
    const rollCall = parseSenateRollCall(senateXml);
    const json = congressJson("s618-119.2025");
    expect(rollCall).toMatchObject({ question: "On Passage of the Bill", result: "Bill Passed", bill: { type: "hr", number: 5371 } });
    expect(rollCall.bill).toEqual({ type: json.bill.type, number: json.bill.number });
    expect([rollCall.question, rollCall.result]).toEqual([json.type, json.result]);
  });

  test("a quorum call and a nomination are on no bill; a joint resolution and a Senate amendment are on theirs", () => {
    const house = (legisNum: string) =>
      parseHouseRollCall(houseXml.replace("<legis-num>H R 3424</legis-num>", `<legis-num>${legisNum}</legis-num>`));
    expect(house("QUORUM").bill).toBeNull();
    expect(house("H J RES 7").bill).toEqual({ type: "hjres", number: 7 });
    expect(house("H CON RES 14").bill).toEqual({ type: "hconres", number: 14 });
    const senate = (document: string, amendedDocument = "") =>
      parseSenateRollCall(
        senateXml
          .replace(/<document>[\s\S]*<\/document>/, `<document>${document}</document>`)
          .replace("<amendment_to_document_number/>", `<amendment_to_document_number>${amendedDocument}</amendment_to_document_number>`),
      );
    // As senate.gov writes a nomination and an amendment vote.
    expect(
      senate("<document_type>PN</document_type><document_number>342</document_number><document_name>PN342</document_name>").bill,
    ).toBeNull();
    expect(senate("<document_type>S.Amdt.</document_type><document_number/><document_name/>", "S. 2296").bill).toEqual({
      type: "s",
      number: 2296,
    });
    expect(senate("<document_type>S.J.Res.</document_type><document_number>7</document_number>").bill).toEqual({
      type: "sjres",
      number: 7,
    });
  });
});

describe("govtrack_import writes roll calls and their bills", () => {
  let server: Awaited<ReturnType<typeof startFixtureServer>>;
  const lines: string[] = [];
  const houseRoute = (year: number, number: number) => `/evs/${year}/roll${String(number).padStart(3, "0")}.xml`;
  const senateRoute = (session: number, number: number) =>
    `/lis/vote119${session}/vote_119_${session}_${String(number).padStart(5, "0")}.xml`;
  const BILL_ROUTE = "/govinfo/BILLSTATUS/119/hr/BILLSTATUS-119hr3424.xml";
  const MISSING_BILL_ROUTE = "/govinfo/BILLSTATUS/119/hr/BILLSTATUS-119hr5371.xml";
  const asked = (path: string) => server.requests.filter((r) => r === path).length;
  /** The real House file as another roll call of the 119th Congress on the same bill. */
  const houseRollCall = (number: number, session = "1st", date = "8-Sep-2025") =>
    houseXml
      .replace("<rollcall-num>240</rollcall-num>", `<rollcall-num>${number}</rollcall-num>`)
      .replace("<session>1st</session>", `<session>${session}</session>`)
      .replace("<action-date>8-Sep-2025</action-date>", `<action-date>${date}</action-date>`);
  const run = (now: string, step = async () => {}) =>
    govtrackImport(
      testJobContext(db, {
        sources: { houseClerk: `${server.url}/evs`, senateLis: `${server.url}/lis`, billStatus: `${server.url}/govinfo` },
        now: () => new Date(now),
        log: (line) => lines.push(line),
        step,
      }),
      { intervalMs: 0 },
    );

  beforeAll(async () => {
    server = await startFixtureServer({
      [houseRoute(2025, 240)]: { file: HOUSE_FILE },
      [houseRoute(2025, 241)]: { body: houseRollCall(241), type: "text/xml" },
      [senateRoute(1, 618)]: { file: SENATE_FILE },
      [BILL_ROUTE]: { file: BILL_FILE },
    });
    // The roll calls before the recorded ones are stored (all of them: the walk reads any missing
    // below the last stored one), so the walk reads the recorded ones next.
    const earlier = (chamber: "house" | "senate", last: number) =>
      Array.from({ length: last }, (_, i) => ({
        voteId: `${chamber === "house" ? "h" : "s"}${i + 1}-119.2025`,
        chamber,
        congress: 119,
        session: 1,
        number: i + 1,
        voteDate: "2025-09-05",
        question: "An earlier question",
        billTitle: "An earlier vote",
        sourceUrl: "https://example.test/earlier",
        fetchedAt: new Date("2025-09-06T00:00:00Z"),
      }));
    await db.rollCall.createMany({ data: [...earlier("house", 239), ...earlier("senate", 617)] });
  });
  afterAll(() => server.close());

  test("one RollCall row per roll call beside its positions; the bill's status file is fetched once and stored; a bill without one is kept without subjects, logged once", async () => {
    const { results } = await run("2025-11-20T12:00:00Z");
    expect(results).toMatchObject({ rollCalls: 3, bills: { fetched: 2, created: 1, missing: 1 } });

    expect(await db.rollCall.findUnique({ where: { voteId: "h240-119.2025" } })).toMatchObject({
      chamber: "house",
      congress: 119,
      session: 1,
      number: 240,
      voteDate: "2025-09-08",
      question: "On Motion to Suspend the Rules and Pass",
      result: "Passed",
      billType: "hr",
      billNumber: 3424,
      billTitle: "SPACE Act",
      sourceUrl: `${server.url}${houseRoute(2025, 240)}`,
    });
    expect(await db.votingRecord.count({ where: { voteId: "h240-119.2025" } })).toBe(8);
    expect(await db.rollCall.findUnique({ where: { voteId: "s618-119.2025" } })).toMatchObject({
      question: "On Passage of the Bill",
      result: "Bill Passed",
      billType: "hr",
      billNumber: 5371,
    });

    // Rolls 240 and 241 are both on H.R. 3424: its file was asked for once, and says what the Library indexed.
    expect(asked(BILL_ROUTE)).toBe(1);
    const bill = await db.bill.findUniqueOrThrow({ where: { congress_type_number: { congress: 119, type: "hr", number: 3424 } } });
    expect(bill).toMatchObject({
      title: "SPACE Act of 2025",
      policyArea: "Government Operations and Politics",
      subjects: ["Congressional oversight", "Government buildings, facilities, and property"],
      sourceUrl: `${server.url}${BILL_ROUTE}`,
    });
    expect(bill.recordedVotes).toEqual([expect.objectContaining({ chamber: "house", rollNumber: 240, session: 1 })]);

    // No file for H.R. 5371 at this server: the vote is kept, with no bill row and so no subjects.
    expect(asked(MISSING_BILL_ROUTE)).toBe(1);
    expect(await db.bill.findFirst({ where: { congress: 119, type: "hr", number: 5371 } })).toBeNull();
    expect(await db.votingRecord.count({ where: { voteId: "s618-119.2025" } })).toBe(5);
    expect(lines.filter((line) => line.includes("hr5371"))).toHaveLength(1);
    // Politely: robots.txt read once for the one site.
    expect(asked("/robots.txt")).toBe(1);
  });

  test("each position is lean (the roll call's chamber, title, wording, bill and source are on its RollCall row once); the profile, the staff tab, /my and votes.csv still show them", async () => {
    const house = `${server.url}${houseRoute(2025, 240)}`;
    const senate = `${server.url}${senateRoute(1, 618)}`;
    const positions = await db.votingRecord.findMany({ where: { voteId: { in: ["h240-119.2025", "s618-119.2025"] } } });
    expect(positions).toHaveLength(13);
    for (const position of positions)
      expect(position).toMatchObject({ chamber: null, billTitle: "", billNumber: null, description: null, sourceUrl: null });
    expect(await db.rollCall.findUnique({ where: { voteId: "h240-119.2025" } })).toMatchObject({
      billTitle: "SPACE Act",
      documentName: "H.R. 3424",
      description: "On Motion to Suspend the Rules and Pass: Passed",
      sourceUrl: house,
    });
    expect(await db.rollCall.findUnique({ where: { voteId: "s618-119.2025" } })).toMatchObject({
      documentName: "H.R. 5371",
      description: "On Passage of the Bill H.R. 5371: Bill Passed (60-40)",
      sourceUrl: senate,
    });

    // As the real files say: Beyer voted Nay on roll 240 (H.R. 3424, whose status file is stored), King Yea on vote 618 (H.R. 5371, none).
    const beyer = (await db.official.findFirstOrThrow({ where: { bioguideId: "B001292" } })).id;
    const king = (await db.official.findFirstOrThrow({ where: { lisId: "S363" } })).id;
    const profile = async (id: number) =>
      (
        (await profilePage({
          request: new Request(`http://localhost/representative/${id}`),
          params: { id: String(id) },
          context: { cspNonce: "" },
        } as never)) as { votes: PageVote[] }
      ).votes;
    expect((await profile(beyer)).find((v) => v.voteId === "h240-119.2025")).toMatchObject({
      billTitle: "SPACE Act",
      billNumber: "H.R. 3424",
      description: "On Motion to Suspend the Rules and Pass: Passed",
      sourceUrl: house,
      question: "On Motion to Suspend the Rules and Pass",
      result: "Passed",
      rollCall: { sourceUrl: house },
      bill: { label: "H.R. 3424", title: "SPACE Act of 2025", url: "https://www.congress.gov/bill/119th-congress/house-bill/3424" },
    });
    const senateTitle = "A bill making continuing appropriations and extensions for fiscal year 2026, and for other purposes.";
    expect((await profile(king)).find((v) => v.voteId === "s618-119.2025")).toMatchObject({
      billTitle: senateTitle,
      question: "On Passage of the Bill",
      rollCall: { sourceUrl: senate },
      bill: { label: "H.R. 5371", title: null },
    });
    // The staff's Voting Records tab shows the full wording; /my each followed official's latest votes.
    expect((await votingRecordsOf(db, king)).find((v) => v.voteId === "s618-119.2025")).toMatchObject({
      billTitle: senateTitle,
      billNumber: "H.R. 5371",
      description: "On Passage of the Bill H.R. 5371: Bill Passed (60-40)",
    });
    expect((await latestVotesOf(db, [beyer], 10))[beyer].find((v) => v.voteId === "h240-119.2025")).toMatchObject({
      billTitle: "SPACE Act",
      billNumber: "H.R. 3424",
      sourceUrl: house,
    });

    const root = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-lean-votes-"));
    try {
      const manifest = await currentOpenData(db, root);
      const rows = parse(readFileSync(openDataPath(manifest, "votes.csv", root), "utf8"), { columns: true }) as Record<string, string>[];
      expect(rows.find((r) => r.vote_id === "h240-119.2025" && Number(r.official_id) === beyer)).toMatchObject({
        chamber: "house",
        bill: "H.R. 3424",
        bill_title: "SPACE Act",
        position: "Nay",
        source_url: house,
        question: "On Motion to Suspend the Rules and Pass",
        result: "Passed",
      });
      expect(rows.find((r) => r.vote_id === "s618-119.2025" && Number(r.official_id) === king)).toMatchObject({
        chamber: "senate",
        bill: "H.R. 5371",
        bill_title: senateTitle,
        source_url: senate,
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a repeat run writes nothing and asks for no bill", async () => {
    const tables = async () => [
      await db.rollCall.findMany({ orderBy: { id: "asc" } }),
      await db.bill.findMany({ orderBy: { id: "asc" } }),
      await db.votingRecord.findMany({ orderBy: { id: "asc" } }),
    ];
    const before = await tables();
    const requests = server.requests.length;
    const { results } = await run("2025-11-21T12:00:00Z");
    expect(results).toMatchObject({ rollCalls: 0, updated: 0, bills: { fetched: 0 } });
    expect(await tables()).toEqual(before);
    // Only the next roll call of each chamber (not there yet) and robots.txt were asked for.
    expect(server.requests.slice(requests).sort()).toEqual(["/robots.txt", houseRoute(2025, 242), senateRoute(1, 619)].sort());
  });

  test("a first fill of the Congress stopped halfway resumes after the last roll call stored; a bill fetched before a newer vote is read again", async () => {
    for (let n = 1; n <= 4; n++)
      server.routes[houseRoute(2026, n)] = { body: houseRollCall(n, "2nd", `${n + 1}-Feb-2026`), type: "text/xml" };
    // The run is cancelled at its fourth step: after House rolls 242 (none) and 2026's rolls 1 and 2.
    let steps = 0;
    const stopAtFourth = async () => {
      if (++steps === 4) throw new Error("Cancelled by staff");
    };
    await expect(run("2026-03-01T12:00:00Z", stopAtFourth)).rejects.toThrow("Cancelled by staff");
    expect(await db.rollCall.count({ where: { congress: 119, session: 2 } })).toBe(2);
    // Stored on 2025-11-20, before these votes of February 2026: read again, once.
    expect(asked(BILL_ROUTE)).toBe(2);

    // The file said nothing new, so the row (and its fetchedAt) stayed as it was: the next newer vote reads it again, once a run.
    const { results } = await run("2026-03-01T13:00:00Z");
    expect(results).toMatchObject({ rollCalls: 2, bills: { fetched: 1, unchanged: 1 } });
    expect(asked(BILL_ROUTE)).toBe(3);
    expect((await db.rollCall.findMany({ where: { congress: 119, session: 2 }, orderBy: { number: "asc" } })).map((r) => r.number)).toEqual(
      [1, 2, 3, 4],
    );
    for (let n = 1; n <= 4; n++) expect(asked(houseRoute(2026, n))).toBe(1);
    expect(await db.votingRecord.count({ where: { voteId: "h4-119.2026" } })).toBe(8);
  });
});
