import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  currentSession,
  findLastNumber,
  houseRollCallUrl,
  parseHouseRollCall,
  parseSenateRollCall,
  parseVoteId,
  senateRollCallUrl,
  sessionLabel,
  sessionOfYear,
  votePosition,
} from "./roll-calls";
import { SourceFileError } from "./source-file";

const fixture = (name: string) => readFileSync(`tests/fixtures/votes/${name}`, "utf8");
const houseXml = fixture("house-clerk-roll240-2025.excerpt.xml");
const senateXml = fixture("senate-vote_119_1_00618.excerpt.xml");

/** The unitedstates/congress JSON of the same vote (an independent reading, CC0): member id → position. */
function congressProjectPositions(name: string) {
  const data = JSON.parse(fixture(name)) as { votes: Record<string, { id: string }[]> };
  return new Map(Object.entries(data.votes).flatMap(([position, members]) => members.map((m) => [m.id, position] as const)));
}

describe("parseHouseRollCall on the Clerk's roll 240 of 2025", () => {
  const vote = parseHouseRollCall(houseXml);

  test("reads the vote's identity, bill, question and date", () => {
    expect(vote).toMatchObject({
      chamber: "house",
      session: { congress: 119, session: 1, year: 2025 },
      number: 240,
      voteId: "h240-119.2025",
      billNumber: "H.R. 3424",
      billTitle: "SPACE Act",
      description: "On Motion to Suspend the Rules and Pass: Passed",
      voteDate: "2025-09-08",
      election: false,
    });
  });

  test("reads every member by bioguide id with the position the unitedstates/congress project recorded", () => {
    expect(vote.positions).toHaveLength(8);
    expect(vote.positions).toContainEqual({ memberId: "B001292", position: "Nay" });
    expect(vote.positions).toContainEqual({ memberId: "B001260", position: "Not Voting" });
    expect(vote.positions).toContainEqual({ memberId: "G000586", position: "Yea" });
    const expected = congressProjectPositions("congress-project-vote-h240-119.2025.data.json");
    for (const { memberId, position } of vote.positions) expect(position, memberId).toBe(expected.get(memberId));
  });
});

describe("parseSenateRollCall on LIS vote 618 of the 119th Congress, 1st session", () => {
  const vote = parseSenateRollCall(senateXml);

  test("reads the vote's identity, document, question and date", () => {
    expect(vote).toMatchObject({
      chamber: "senate",
      session: { congress: 119, session: 1, year: 2025 },
      number: 618,
      voteId: "s618-119.2025",
      billNumber: "H.R. 5371",
      billTitle: "A bill making continuing appropriations and extensions for fiscal year 2026, and for other purposes.",
      description: "On Passage of the Bill H.R. 5371: Bill Passed (60-40)",
      voteDate: "2025-11-10",
      election: false,
    });
  });

  test("reads every member by LIS id with the position the unitedstates/congress project recorded", () => {
    expect(vote.positions.map((p) => p.memberId)).toEqual(["S428", "S429", "S431", "S363", "S391"]);
    expect(vote.positions[0]).toEqual({ memberId: "S428", position: "Nay" });
    const expected = congressProjectPositions("congress-project-vote-s618-119.2025.data.json");
    for (const { memberId, position } of vote.positions) expect(position, memberId).toBe(expected.get(memberId));
  });
});

describe("files that are not a whole roll call", () => {
  test("a cut-off file is refused, though an XML reader would take it", () => {
    expect(() => parseHouseRollCall(houseXml.slice(0, houseXml.indexOf("Beyer")))).toThrow(
      new SourceFileError("the file is incomplete or not a roll call (it does not end with </rollcall-vote>)"),
    );
    expect(() => parseSenateRollCall(senateXml.slice(0, -30))).toThrow(/does not end with <\/roll_call_vote>/);
  });

  test("an HTML page or the other chamber's file is refused", () => {
    expect(() => parseHouseRollCall("<html><body>Not Found</body></html>")).toThrow(SourceFileError);
    expect(() => parseSenateRollCall(houseXml)).toThrow(/roll_call_vote/);
  });

  test("a missing member id, an unknown vote, a bad date or no members are named", () => {
    expect(() => parseHouseRollCall(houseXml.replace('name-id="A000370"', 'name-id=""'))).toThrow(/no bioguide id/);
    expect(() => parseHouseRollCall(houseXml.replace("<vote>Nay</vote>", "<vote>Maybe</vote>"))).toThrow(
      'unknown vote "Maybe" for member B001292',
    );
    expect(() => parseHouseRollCall(houseXml.replace("8-Sep-2025", "sometime"))).toThrow('the action-date "sometime" is not a date');
    expect(() => parseSenateRollCall(senateXml.replace(/<member>[\s\S]*<\/member>/, ""))).toThrow("the file lists no member's vote");
    expect(() => parseSenateRollCall(senateXml.replace("<lis_member_id>S363", "<lis_member_id>"))).toThrow(/no LIS id/);
  });

  test("the election of the Speaker (members name a candidate) has no positions to store", () => {
    const election = houseXml
      .replace("On Motion to Suspend the Rules and Pass", "Election of the Speaker")
      .replaceAll("<vote>Yea</vote>", "<vote>Johnson (LA)</vote>");
    expect(parseHouseRollCall(election)).toMatchObject({ election: true, positions: [] });
  });
});

test("positions: Aye and Yes are Yea, No is Nay, Guilty and Not Guilty count for and against, a live pair is Present", () => {
  expect(["Yea", "Aye", "Yes", "Guilty", " yea "].map(votePosition)).toEqual(["Yea", "Yea", "Yea", "Yea", "Yea"]);
  expect(["Nay", "No", "Not Guilty"].map(votePosition)).toEqual(["Nay", "Nay", "Nay"]);
  expect(["Present", "Present, Giving Live Pair", "Not Voting", "Not  Voting"].map(votePosition)).toEqual([
    "Present",
    "Present",
    "Not Voting",
    "Not Voting",
  ]);
  expect(votePosition("Jeffries")).toBeNull();
});

test("sessions: the 119th Congress is 2025–2026 and the 120th starts on January 3, 2027", () => {
  expect(currentSession(new Date("2025-09-08T12:00:00Z"))).toEqual({ congress: 119, session: 1, year: 2025 });
  expect(currentSession(new Date("2026-11-22T12:00:00Z"))).toEqual({ congress: 119, session: 2, year: 2026 });
  expect(currentSession(new Date("2027-01-02T23:00:00Z"))).toEqual({ congress: 119, session: 2, year: 2026 });
  expect(currentSession(new Date("2027-01-03T12:00:00Z"))).toEqual({ congress: 120, session: 1, year: 2027 });
  expect(sessionOfYear(2028)).toEqual({ congress: 120, session: 2, year: 2028 });
  expect(sessionLabel(sessionOfYear(2027))).toBe("120th Congress, 1st session");
  expect(sessionLabel(sessionOfYear(2026))).toBe("119th Congress, 2nd session");
});

test("vote ids and file addresses", () => {
  expect(parseVoteId("h240-119.2025")).toEqual({ chamber: "house", number: 240, congress: 119, year: 2025 });
  expect(parseVoteId("s618-119.2025")).toEqual({ chamber: "senate", number: 618, congress: 119, year: 2025 });
  expect(parseVoteId("manual-1")).toBeNull();
  expect(houseRollCallUrl("https://clerk.house.gov/evs", 7, sessionOfYear(2025))).toBe("https://clerk.house.gov/evs/2025/roll007.xml");
  expect(senateRollCallUrl("https://www.senate.gov/legislative/LIS/roll_call_votes", 618, sessionOfYear(2025))).toBe(
    "https://www.senate.gov/legislative/LIS/roll_call_votes/vote1191/vote_119_1_00618.xml",
  );
});

test("findLastNumber finds the last roll call of a session in about 2·log2(n) looks", async () => {
  for (const last of [0, 1, 2, 3, 130, 512, 733]) {
    const asked: number[] = [];
    const found = await findLastNumber(async (n) => (asked.push(n), n <= last));
    expect(found).toBe(last || null);
    expect(asked.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(last + 2)) + 1);
  }
  await expect(findLastNumber(async () => true, 64)).rejects.toThrow("more than 64 roll calls answered");
});
