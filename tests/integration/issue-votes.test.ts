// The issue map's model on the real database: real BILLSTATUS files stored with storeBill, roll calls
// that are those bills' recorded votes, and positions of seeded members. Each state's colour is the
// share of its members voting Yea; the map opens on the most recent passage vote, not a later
// procedural one; a state with no member on the roll call has no tally; an unknown issue is null.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { issuesOfBill, policyIssue, POLICY_ISSUES } from "~/lib/policy-issues";
import { Refusal } from "~/lib/refusal";
import { findRollCall, issueBills, issueBillsPage, issueMap } from "~/models/issue-votes.server";
import { billKey, subjectsOf, tallyStanding } from "~/lib/issue-votes";
import { storeFixtureBill, storeRecordedRollCall } from "../e2e/issue-data";

const member = async (name: string) => (await db.official.findFirstOrThrow({ where: { name, isActive: true } })).id;

beforeAll(async () => {
  const omnibus = await storeFixtureBill(db, "3.0.0/BILLSTATUS-117hr2471.xml"); // abortion, climate, economy
  const reconciliation = await storeFixtureBill(db, "legacy/BILLSTATUS-114hr3762.xml"); // abortion, healthcare
  await storeFixtureBill(db, "legacy/BILLSTATUS-114s1300.xml"); // immigration, no roll call
  const [amo, magaziner, balint, pappas, goodlander] = await Promise.all(
    ["Gabe Amo", "Seth Magaziner", "Becca Balint", "Chris Pappas", "Maggie Goodlander"].map(member),
  );
  await storeRecordedRollCall(db, omnibus, 66, [
    { officialId: amo, position: "Yea" },
    { officialId: magaziner, position: "Nay" },
    { officialId: balint, position: "Yea" },
    { officialId: pappas, position: "Yea" },
    { officialId: goodlander, position: "Not Voting" },
  ]);
  // Later the same evening: two procedural votes (tabling a motion to reconsider).
  await storeRecordedRollCall(db, omnibus, 67, [{ officialId: amo, position: "Nay" }]);
  await storeRecordedRollCall(db, omnibus, 68, [{ officialId: amo, position: "Nay" }]);
  await storeRecordedRollCall(db, reconciliation, 568, [{ officialId: balint, position: "Nay" }]);
  await storeRecordedRollCall(db, reconciliation, 6, [{ officialId: balint, position: "Nay" }]);
});

describe("issue maps", () => {
  test("the abortion map opens on the most recent passage vote (H.R. 2471, roll 66), not the later motions to table", async () => {
    const map = (await issueMap(db, "abortion"))!;
    expect(map.rollCalls.map((r) => r.key)).toEqual([
      "house-117-2-68",
      "house-117-2-67",
      "house-117-2-66",
      "house-114-2-6",
      "house-114-1-568",
    ]);
    expect(map.chosen).toMatchObject({
      key: "house-117-2-66",
      question: "On Motion to Concur in the Senate Amendment with an Amendment",
      sourceUrl: "https://clerk.house.gov/evs/2022/roll066.xml",
      bill: { label: "H.R. 2471", title: "Consolidated Appropriations Act, 2022" },
    });
  });

  test("each state's tally is its members' positions: RI 1 of 2 Yea, VT 1 of 1, NH 1 of 2 with one not voting; DE voted not at all", async () => {
    const { tallies } = (await issueMap(db, "abortion"))!;
    expect(tallies.RI).toEqual({ yea: 1, nay: 1, present: 0, notVoting: 0 });
    expect(tallies.VT).toEqual({ yea: 1, nay: 0, present: 0, notVoting: 0 });
    expect(tallies.NH).toEqual({ yea: 1, nay: 0, present: 0, notVoting: 1 });
    expect(tallies.DE).toBeUndefined();
    expect(tallyStanding(tallies.RI, "h").label).toBe("1 of 2 voted Yes (50%)");
    expect(tallyStanding(tallies.VT, "h").label).toBe("1 of 1 voted Yes (100%)");
    expect(tallyStanding(tallies.DE, "h")).toMatchObject({ label: "No member voted", color: "url(#no-vote-hatch)" });
    expect(tallyStanding(tallies.RI, "h").color).not.toBe(tallyStanding(tallies.VT, "h").color);
  });

  test("a roll call asked for is shown; one the issue does not hold is refused", async () => {
    const map = (await issueMap(db, "abortion", "house-114-1-568"))!;
    expect(map.chosen?.question).toBe("On Passage");
    expect(map.tallies).toEqual({ VT: { yea: 0, nay: 1, present: 0, notVoting: 0 } });
    // H.R. 2471 is not a health bill: its roll calls are not on the healthcare map.
    await expect(issueMap(db, "healthcare", "house-117-2-66")).rejects.toEqual(
      new Refusal("The roll call house-117-2-66 is not one of the Healthcare roll calls stored.", 404),
    );
    expect((await issueMap(db, "healthcare"))!.chosen?.key).toBe("house-114-2-6");
  });

  test("the map offers the newest roll calls, and the chosen one when it is older; it says how many there are", async () => {
    const newest = (await issueMap(db, "abortion", undefined, { offered: 2 }))!;
    expect(newest.total).toBe(5);
    // The default (roll 66) is older than the two newest, so it is offered too, in its place.
    expect(newest.rollCalls.map((r) => r.key)).toEqual(["house-117-2-68", "house-117-2-67", "house-117-2-66"]);
    expect(newest.rollCalls[0]).toEqual({
      key: "house-117-2-68",
      chamber: "house",
      number: 68,
      voteDate: "2022-03-09",
      question: "On Motion to Table the Motion to Reconsider",
      result: "Agreed to",
      bill: { label: "H.R. 2471", title: "Consolidated Appropriations Act, 2022" },
    });
    const oldest = (await issueMap(db, "abortion", "house-114-1-568", { offered: 2 }))!;
    expect(oldest.rollCalls.map((r) => r.key)).toEqual(["house-117-2-68", "house-117-2-67", "house-114-1-568"]);
  });

  test("an issue's bills are those carrying its terms, each with its roll calls, newest Congress first; a page past the last is a 404", async () => {
    const stored = await db.bill.findMany({ select: { congress: true, type: true, number: true, policyArea: true, subjects: true } });
    const withRollCalls = new Set(
      (await db.rollCall.findMany({ where: { billType: { not: null } } })).map((r) => billKey(r.congress, r.billType!, r.billNumber!)),
    );
    for (const issue of POLICY_ISSUES) {
      const expected = stored
        .filter((b) => withRollCalls.has(billKey(b.congress, b.type, b.number)))
        .filter((b) => issuesOfBill({ policyArea: b.policyArea, subjects: subjectsOf(b.subjects) }).includes(issue.slug))
        .map((b) => billKey(b.congress, b.type, b.number));
      const found = (await issueBills(db, issue)).map((b) => billKey(b.congress, b.type, b.number));
      expect([...found].sort(), issue.slug).toEqual([...expected].sort());
    }
    const abortion = await issueBillsPage(db, policyIssue("abortion")!, 1);
    expect(abortion).toMatchObject({ page: 1, pageCount: 1 });
    expect(abortion.bills.filter((b) => b.congress < 119).map((b) => [b.label, b.rollCalls.map((r) => r.number)])).toEqual([
      ["H.R. 2471", [68, 67, 66]],
      ["H.R. 3762", [6, 568]],
    ]);
    expect(abortion.bills[0]).not.toHaveProperty("subjects");
    await expect(issueBillsPage(db, policyIssue("abortion")!, 2)).rejects.toMatchObject({ status: 404 });
  });

  test("an issue whose bills have no roll call stored has no map roll call; an unknown issue is null", async () => {
    const immigration = (await issueMap(db, "immigration"))!;
    expect(immigration).toMatchObject({ rollCalls: [], chosen: null, tallies: {} });
    expect(policyIssue("immigration")?.policyAreas).toEqual(["Immigration"]);
    expect(await issueMap(db, "taxes")).toBeNull();
  });

  test("a roll call by its address: its bill's subjects and each member's position", async () => {
    const rollCall = (await findRollCall(db, "house-117-2-66"))!;
    expect(rollCall.bill?.subjects).toContain("Abortion");
    expect(rollCall.positions.filter((p) => p.state === "RI").map((p) => [p.name, p.position])).toEqual([
      ["Gabe Amo", "Yea"],
      ["Seth Magaziner", "Nay"],
    ]);
    expect(await findRollCall(db, "house-117-2-999")).toBeNull();
    expect(await findRollCall(db, "nonsense")).toBeNull();
  });
});
