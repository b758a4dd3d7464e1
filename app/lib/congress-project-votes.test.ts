import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseCongressProjectVote, type CongressProjectVote } from "./congress-project-votes";
import { parseHouseRollCall, parseSenateRollCall } from "./roll-calls";
import { SourceFileError } from "./source-file";

const fixture = (name: string) => readFileSync(`tests/fixtures/votes/${name}`, "utf8");
const houseJson = JSON.parse(fixture("congress-project-vote-h240-119.2025.data.json")) as CongressProjectVote;
const senateJson = JSON.parse(fixture("congress-project-vote-s618-119.2025.data.json")) as CongressProjectVote;

/** Everything a stored roll call keeps except the positions (the XML fixtures are excerpts). */
const identity = ({ positions: _positions, ...rest }: ReturnType<typeof parseHouseRollCall>) => rest;

describe("a unitedstates/congress data.json reads as the official file of the same vote", () => {
  test("House roll 240 of 2025: the same identity, bill, title, question, result, description and day as the Clerk's XML", () => {
    const fromJson = parseCongressProjectVote(houseJson);
    expect(identity(fromJson)).toEqual(identity(parseHouseRollCall(fixture("house-clerk-roll240-2025.excerpt.xml"))));
    expect(fromJson.positions).toHaveLength(430);
    expect(fromJson.positions).toContainEqual({ memberId: "B001292", position: "Nay" });
  });

  test("Senate vote 618: the same as the Senate LIS XML, members by LIS id", () => {
    const fromJson = parseCongressProjectVote(senateJson);
    const fromXml = parseSenateRollCall(fixture("senate-vote_119_1_00618.excerpt.xml"));
    expect(identity(fromJson)).toEqual(identity(fromXml));
    expect(fromJson.positions).toHaveLength(100);
    for (const position of fromXml.positions) expect(fromJson.positions).toContainEqual(position);
  });

  test("a shortened copy (members as ids) reads the same", () => {
    const short = {
      ...houseJson,
      votes: Object.fromEntries(Object.entries(houseJson.votes).map(([k, v]) => [k, v.map((m) => (m as { id: string }).id)])),
    };
    expect(parseCongressProjectVote(short)).toEqual(parseCongressProjectVote(houseJson));
  });
});

test("the Clerk's question comes back from the project's (its type is normalized: the Clerk's On Passage is its On Passage of the Bill)", () => {
  const passage = { ...houseJson, type: "On Passage of the Bill", question: "On Passage: H R 3424 SPACE Act" };
  expect(parseCongressProjectVote(passage)).toMatchObject({ question: "On Passage", description: "On Passage: Passed" });
  const amendment = {
    ...houseJson,
    amendment: { number: 3 },
    type: "On the Amendment",
    question: "On Agreeing to the Amendment: Amendment 3 to H R 3424",
  };
  expect(parseCongressProjectVote(amendment).question).toBe("On Agreeing to the Amendment");
});

test("the Vice President's tie-breaking vote is no member's; a nomination has no bill but its PN number", () => {
  const nomination = {
    ...senateJson,
    bill: undefined,
    nomination: { number: "806-1", title: "Catherine Dillon, of Maryland, to be an Assistant Secretary of State" },
    votes: { Yea: ["S428", "VP"], Nay: ["S429"] },
  };
  expect(parseCongressProjectVote(nomination)).toMatchObject({
    bill: null,
    billNumber: "PN806-1",
    billTitle: "Catherine Dillon, of Maryland, to be an Assistant Secretary of State",
    positions: [
      { memberId: "S428", position: "Yea" },
      { memberId: "S429", position: "Nay" },
    ],
  });
});

test("an unknown vote, a year outside the Congress or a mismatched id is refused; the Speaker's election has no positions", () => {
  expect(() => parseCongressProjectVote({ ...houseJson, votes: { Maybe: ["A000370"] } })).toThrow(SourceFileError);
  expect(() => parseCongressProjectVote({ ...houseJson, session: "2027" })).toThrow(/not a year of the 119th Congress/);
  expect(() => parseCongressProjectVote({ ...houseJson, number: 241 })).toThrow(/make h241-119.2025/);
  expect(parseCongressProjectVote({ ...houseJson, type: "Election of the Speaker", votes: { Jeffries: ["A000370"] } })).toMatchObject({
    election: true,
    positions: [],
  });
});
