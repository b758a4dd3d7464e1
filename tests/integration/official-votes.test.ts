// An official's votes by issue, their latest votes and their missed roll calls, on real bills: the
// recorded BILLSTATUS files are parsed and stored as the import stores them, and each bill's own
// recorded votes become RollCall rows with positions of real seeded members. The bill, its subjects,
// the roll numbers, dates and addresses are the Library's; the questions, results and positions are
// this test's (the Clerk's files of these roll calls are not recorded here).
import { mkdtempSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { billStatusUrl, parseBillStatus, type BillStatus } from "~/lib/bill-status";
import { voteIdOf } from "~/lib/roll-calls";
import { storeBill } from "~/models/bills.server";
import { issueVotesOf, missedVotesOf, recentVotesOf } from "~/models/official-votes.server";
import { currentOpenData } from "~/models/open-data.server";
import { loader as votingRecordsCall } from "~/routes/api.representatives.$id.voting-records";
import { loader as profilePage } from "~/routes/representative.$id";
import { tmpdir } from "node:os";
import path from "node:path";

const BASE = "https://www.govinfo.gov/bulkdata/BILLSTATUS";
const FETCHED = new Date("2026-11-20T03:00:00Z");
const parse = (file: string) => parseBillStatus(readFileSync(`tests/fixtures/billstatus/${file}`, "utf8"));

/** The day in Washington of a vote the file dates in UTC (House roll 65 of 2022: 02:49 UTC on March 10 is the evening of March 9). */
const washingtonDay = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone: "America/New_York" });

/** Stores the bill and one RollCall per recorded vote; answers the vote ids in the file's order. */
async function storeBillAndRollCalls(bill: BillStatus) {
  await storeBill(db, bill, { sourceUrl: billStatusUrl(BASE, bill), fetchedAt: FETCHED });
  const ids: string[] = [];
  for (const v of bill.recordedVotes) {
    const voteDate = washingtonDay(v.date);
    const voteId = voteIdOf(v.chamber, v.rollNumber, { congress: bill.congress, session: v.session, year: Number(voteDate.slice(0, 4)) });
    await db.rollCall.create({
      data: {
        voteId,
        chamber: v.chamber,
        congress: bill.congress,
        session: v.session,
        number: v.rollNumber,
        voteDate,
        question: `On the question of roll call ${v.rollNumber}`,
        result: "Passed",
        billType: bill.type,
        billNumber: bill.number,
        billTitle: bill.title,
        sourceUrl: v.url,
        fetchedAt: FETCHED,
      },
    });
    ids.push(voteId);
  }
  return ids;
}

const official = (bioguideId: string) => db.official.findFirstOrThrow({ where: { bioguideId }, select: { id: true, office: true } });

async function vote(officialId: number, voteId: string, votePosition: string) {
  const rollCall = await db.rollCall.findUniqueOrThrow({ where: { voteId } });
  await db.votingRecord.create({
    data: {
      officialId,
      voteId,
      chamber: rollCall.chamber,
      billTitle: rollCall.billTitle,
      voteDate: rollCall.voteDate,
      votePosition,
      sourceUrl: rollCall.sourceUrl,
    },
  });
}

let omnibus: string[]; // H.R. 2471 (117th): House rolls 65-68 of March 9, 2022, Senate roll 78
let reconciliation: string[]; // H.R. 3762 (114th): House rolls 568 (2015) and 6 (2016)
let ukraine: string[]; // H.Res. 348 (114th): House roll 552 (2015), in no issue
let beyer: { id: number; office: string };

beforeAll(async () => {
  omnibus = await storeBillAndRollCalls(parse("3.0.0/BILLSTATUS-117hr2471.xml"));
  reconciliation = await storeBillAndRollCalls(parse("legacy/BILLSTATUS-114hr3762.xml"));
  ukraine = await storeBillAndRollCalls(parse("legacy/BILLSTATUS-114hres348.xml"));
  beyer = await official("B001292");
  const positions: [string, string][] = [
    [omnibus[0], "Yea"],
    [omnibus[1], "Nay"],
    [omnibus[2], "Not Voting"],
    [omnibus[3], "Yea"],
    [reconciliation[0], "Nay"],
    [reconciliation[1], "Nay"],
    [ukraine[0], "Yea"],
  ];
  for (const [voteId, position] of positions) await vote(beyer.id, voteId, position);
});

describe("votes by issue", () => {
  test("each issue holds the votes on its bills, counted; an issue without votes is empty", async () => {
    const issues = await issueVotesOf(db, beyer.id);
    const bySlug = Object.fromEntries(issues.map((i) => [i.issue.slug, i]));
    expect(issues.map((i) => i.issue.slug)).toEqual([
      "abortion",
      "climate",
      "immigration",
      "marijuana",
      "economy",
      "education",
      "healthcare",
    ]);
    // H.R. 2471 carries Abortion, Climate and the policy area Economics and Public Finance; H.R. 3762 Abortion and Health.
    expect(bySlug.abortion).toMatchObject({ total: 6, counts: { yea: 2, nay: 3, notVoting: 1, present: 0 } });
    expect(bySlug.climate).toMatchObject({ total: 4, counts: { yea: 2, nay: 1, notVoting: 1, present: 0 } });
    expect(bySlug.economy).toMatchObject({ total: 4 });
    expect(bySlug.healthcare).toMatchObject({ total: 2, counts: { yea: 0, nay: 2, notVoting: 0, present: 0 } });
    for (const slug of ["immigration", "marijuana", "education"]) expect(bySlug[slug]).toMatchObject({ total: 0, votes: [] });
    // Newest first; the H.Res. 348 vote belongs to no issue.
    expect(bySlug.abortion.votes.map((v) => v.voteId)).toEqual([
      omnibus[3],
      omnibus[2],
      omnibus[1],
      omnibus[0],
      reconciliation[1],
      reconciliation[0],
    ]);
    expect(issues.flatMap((i) => i.votes).some((v) => v.voteId === ukraine[0])).toBe(false);
    // Each vote names the terms that put it in the issue.
    expect(bySlug.abortion.votes[0].terms).toEqual(["Abortion"]);
    expect(bySlug.economy.votes[0].terms).toEqual(["Economics and Public Finance"]);
    expect(bySlug.healthcare.votes[0].terms).toEqual(["Health"]);
  });

  test("only the newest votes are shown in full; the counts cover them all", async () => {
    const abortion = (await issueVotesOf(db, beyer.id, 2))[0];
    expect(abortion.total).toBe(6);
    expect(abortion.votes.map((v) => v.voteId)).toEqual([omnibus[3], omnibus[2]]);
  });
});

describe("latest votes", () => {
  test("each vote has its question, result, bill on congress.gov, issues, and the sources with when they were fetched", async () => {
    const [latest] = await recentVotesOf(db, beyer.id, 1);
    expect(latest).toMatchObject({
      voteId: "h68-117.2022",
      rollCallName: "House roll call 68, 2022",
      voteDate: "2022-03-09",
      votePosition: "Yea",
      question: "On the question of roll call 68",
      result: "Passed",
      rollCall: { sourceUrl: "https://clerk.house.gov/evs/2022/roll068.xml", fetchedAt: FETCHED },
      issues: ["abortion", "climate", "economy"],
      bill: {
        label: "H.R. 2471",
        url: "https://www.congress.gov/bill/117th-congress/house-bill/2471",
        title: "Consolidated Appropriations Act, 2022",
        policyArea: "Economics and Public Finance",
        sourceUrl: "https://www.govinfo.gov/bulkdata/BILLSTATUS/117/hr/BILLSTATUS-117hr2471.xml",
        fetchedAt: FETCHED,
      },
    });
    expect(latest.bill!.subjects).toContain("Climate change and greenhouse gases");
  });

  test("the JSON call keeps its fields and adds question, result, bill and issues", async () => {
    const answer = (await votingRecordsCall({
      request: new Request("http://localhost/x"),
      params: { id: String(beyer.id) },
      context: {},
    } as never)) as Response;
    const votes = (await answer.json()) as Record<string, unknown>[];
    expect(votes).toHaveLength(7);
    expect(votes[0]).toMatchObject({
      billTitle: "Consolidated Appropriations Act, 2022",
      voteDate: "2022-03-09",
      votePosition: "Yea",
      question: "On the question of roll call 68",
      result: "Passed",
      issues: ["abortion", "climate", "economy"],
      bill: { label: "H.R. 2471", url: "https://www.congress.gov/bill/117th-congress/house-bill/2471" },
    });
    expect(votes.find((v) => v.voteId === reconciliation[0])).toMatchObject({ issues: ["abortion", "healthcare"] });
    expect(votes.at(-1)).toMatchObject({ voteId: ukraine[0], issues: [], bill: { label: "H.Res. 348" } });
  });

  test("the profile shows the latest 10 and the votes by issue, without each bill's whole subject list", async () => {
    const page = (await profilePage({
      request: new Request(`http://localhost/representative/${beyer.id}`),
      params: { id: String(beyer.id) },
      context: { cspNonce: "" },
    } as never)) as { votes: { voteId: string; bill: object | null }[]; issueVotes: { total: number }[] };
    expect(page.votes.map((v) => v.voteId)).toEqual([...omnibus.slice(0, 4).reverse(), reconciliation[1], reconciliation[0], ukraine[0]]);
    expect(page.votes[0].bill).not.toHaveProperty("subjects");
    expect(page.issueVotes[0].total).toBe(6);
  });
});

describe("missed votes", () => {
  test("Not Voting positions of the roll calls of their chamber this Congress", async () => {
    // On June 1, 2022 the 117th Congress sits: its stored House roll calls are 65-68, of which Beyer missed 67.
    expect(await missedVotesOf(db, beyer, new Date("2022-06-01T12:00:00Z"))).toEqual({ missed: 1, of: 4, congress: 117, complete: false });
    // In the 114th, the stored House roll calls are 552 and 568 of 2015 and 6 of 2016, none missed.
    expect(await missedVotesOf(db, beyer, new Date("2016-06-01T12:00:00Z"))).toEqual({ missed: 0, of: 3, congress: 114, complete: false });
    // Before the 2016 roll call, only those of 2015 had been held.
    expect(await missedVotesOf(db, beyer, new Date("2015-12-01T12:00:00Z"))).toEqual({ missed: 0, of: 2, congress: 114, complete: false });
  });

  test("the count says whether it is of every roll call so far or of those on record: each session's numbers from 1 without a gap", async () => {
    // The 115th Congress: House roll calls 1 and 2 of 2017 stored, then 3 missing until it is stored too.
    const rollCall = (number: number) => ({
      voteId: `h${number}-115.2017`,
      chamber: "house",
      congress: 115,
      session: 1,
      number,
      voteDate: `2017-01-0${number + 2}`,
      question: `On the question of roll call ${number}`,
      billTitle: "",
      sourceUrl: `https://clerk.house.gov/evs/2017/roll00${number}.xml`,
      fetchedAt: new Date("2017-02-01T00:00:00Z"),
    });
    await db.rollCall.createMany({ data: [rollCall(1), rollCall(2), rollCall(4)] });
    await vote(beyer.id, "h2-115.2017", "Not Voting");
    const feb2017 = new Date("2017-02-01T12:00:00Z");
    expect(await missedVotesOf(db, beyer, feb2017)).toEqual({ missed: 1, of: 3, congress: 115, complete: false });
    await db.rollCall.create({ data: rollCall(3) });
    expect(await missedVotesOf(db, beyer, feb2017)).toEqual({ missed: 1, of: 4, congress: 115, complete: true });
    // Every roll call of 2018 stored but none of 2017: not the whole Congress.
    await db.rollCall.deleteMany({ where: { congress: 115 } });
    await db.rollCall.create({ data: { ...rollCall(1), voteId: "h1-115.2018", session: 2, voteDate: "2018-01-08" } });
    expect(await missedVotesOf(db, beyer, new Date("2018-02-01T12:00:00Z"))).toMatchObject({ of: 1, complete: false });
  });

  test("only roll calls held while they served count; none stored then, nothing is said", async () => {
    // Mike Flood took his seat on July 12, 2022, after the March roll calls.
    const flood = await official("F000474");
    expect(await missedVotesOf(db, flood, new Date("2022-12-01T12:00:00Z"))).toBeNull();
    // This Congress (the 119th) has no stored roll call.
    expect(await missedVotesOf(db, beyer, new Date("2026-11-27T12:00:00Z"))).toBeNull();
  });

  test("a senator counts Senate roll calls only", async () => {
    const cantwell = await official("C000127");
    await vote(cantwell.id, omnibus[4], "Not Voting");
    expect(omnibus[4]).toBe("s78-117.2022");
    expect(await missedVotesOf(db, cantwell, new Date("2022-06-01T12:00:00Z"))).toEqual({
      missed: 1,
      of: 1,
      congress: 117,
      complete: false,
    });
  });

  test("a governor does not vote in Congress: no missed votes, no votes by issue", async () => {
    const governor = await db.official.findFirstOrThrow({
      where: { office: "Governor", isActive: true },
      select: { id: true, office: true },
    });
    expect(await missedVotesOf(db, governor, new Date("2022-06-01T12:00:00Z"))).toBeNull();
    expect((await issueVotesOf(db, governor.id)).every((i) => i.total === 0)).toBe(true);
  });
});

describe("open data", () => {
  test("votes.csv carries each vote's question, result, bill, subjects and issues, with their sources", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "official-votes-"));
    const manifest = await currentOpenData(db, root);
    const csv = readFileSync(path.join(root, `v${manifest.version}`, "votes.csv"), "utf8");
    const [header, ...lines] = csv.trim().split("\r\n");
    const columns = header.split(",");
    for (const name of ["question", "result", "bill_url", "policy_area", "subjects", "issues", "bill_source_url", "bill_fetched_at"])
      expect(columns).toContain(name);
    const row = lines.find((l) => l.includes("h568-114.2015"))!;
    expect(row).toContain("https://www.congress.gov/bill/114th-congress/house-bill/3762");
    expect(row).toContain("abortion; healthcare");
    expect(row).toContain("https://www.govinfo.gov/bulkdata/BILLSTATUS/114/hr/BILLSTATUS-114hr3762.xml");
    expect(row).toContain("2026-11-20T03:00:00Z");
    const pkg = JSON.parse(readFileSync(path.join(root, `v${manifest.version}`, "datapackage.json"), "utf8")) as {
      resources: { path: string; schema: { fields: { name: string; description: string }[] } }[];
    };
    const fields = pkg.resources.find((r) => r.path === "votes.csv")!.schema.fields;
    expect(fields.find((f) => f.name === "subjects")?.description).toMatch(/Library of Congress legislative subject terms/);
  });
});
