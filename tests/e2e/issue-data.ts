// Writes the bills, roll calls and positions the issue tests need, from the real BILLSTATUS files in
// tests/fixtures/billstatus: each RollCall is one of the bill's recorded votes as the file lists it
// (chamber, session, roll number, date, URL), with the question and result the official roll call
// gives. The positions are the test's own members. All of it is in the 114th and 117th
// Congresses, long before anything the import stores, so it never crowds a shared list.
import { readFileSync } from "node:fs";
import type { Db } from "~/db.server";
import { billStatusUrl, parseBillStatus, type BillStatus } from "~/lib/bill-status";
import { voteIdOf, type VotePosition } from "~/lib/roll-calls";
import { storeBill } from "~/models/bills.server";

const BILLSTATUS_BASE = "https://www.govinfo.gov/bulkdata/BILLSTATUS";
export const FETCHED_AT = new Date("2026-11-27T02:00:00Z");

export const readBill = (path: string) => parseBillStatus(readFileSync(`tests/fixtures/billstatus/${path}`, "utf8"));

/** Stores a real bill (a repeat writes nothing). */
export async function storeFixtureBill(db: Db, path: string) {
  const bill = readBill(path);
  await storeBill(db, bill, { sourceUrl: billStatusUrl(BILLSTATUS_BASE, bill), fetchedAt: FETCHED_AT });
  return bill;
}

/**
 * What the official House roll calls on these bills say (clerk.house.gov/evs/{year}/roll{NNN}.xml):
 * the day (Eastern time, as the Clerk dates it), the question and the result.
 */
export const RECORDED_QUESTIONS: Record<string, { voteDate: string; question: string; result: string }> = {
  "117-house-65": {
    voteDate: "2022-03-09",
    question: "On Motion to Concur in the Senate Amendment with an Amendment",
    result: "Agreed to",
  },
  "117-house-66": {
    voteDate: "2022-03-09",
    question: "On Motion to Concur in the Senate Amendment with an Amendment",
    result: "Agreed to",
  },
  "117-house-67": { voteDate: "2022-03-09", question: "On Motion to Table the Motion to Reconsider", result: "Agreed to" },
  "117-house-68": { voteDate: "2022-03-09", question: "On Motion to Table the Motion to Reconsider", result: "Agreed to" },
  "114-house-568": { voteDate: "2015-10-23", question: "On Passage", result: "Passed" },
  "114-house-6": { voteDate: "2016-01-06", question: "On Motion to Concur in the Senate Amendment", result: "Passed" },
};

/** Writes one of the bill's recorded votes as a RollCall, with the given members' positions. Returns its voteId. */
export async function storeRecordedRollCall(
  db: Db,
  bill: BillStatus,
  rollNumber: number,
  positions: { officialId: number; position: VotePosition }[],
) {
  const recorded = bill.recordedVotes.find((v) => v.rollNumber === rollNumber);
  if (!recorded) throw new Error(`${bill.type}${bill.number} has no recorded vote ${rollNumber}`);
  const said = RECORDED_QUESTIONS[`${bill.congress}-${recorded.chamber}-${rollNumber}`];
  const year = Number(said.voteDate.slice(0, 4));
  const voteId = voteIdOf(recorded.chamber, rollNumber, { congress: bill.congress, session: recorded.session, year });
  const row = {
    chamber: recorded.chamber,
    congress: bill.congress,
    session: recorded.session,
    number: rollNumber,
    voteDate: said.voteDate,
    question: said.question,
    result: said.result,
    billType: bill.type,
    billNumber: bill.number,
    billTitle: bill.title,
    sourceUrl: recorded.url,
    fetchedAt: FETCHED_AT,
  };
  await db.$transaction([
    db.rollCall.upsert({ where: { voteId }, create: { voteId, ...row }, update: {} }),
    ...positions.map(({ officialId, position }) =>
      db.votingRecord.upsert({
        where: { officialId_voteId: { officialId, voteId } },
        create: {
          officialId,
          voteId,
          chamber: recorded.chamber,
          billTitle: bill.title,
          billNumber: `${bill.type === "hr" ? "H.R." : bill.type.toUpperCase()} ${bill.number}`,
          description: `${said.question}: ${said.result}`,
          voteDate: said.voteDate,
          votePosition: position,
          sourceUrl: recorded.url,
        },
        update: { votePosition: position },
      }),
    ),
  ]);
  return voteId;
}

/** Two tests may store the same bill or roll call at once: the loser's unique-key error is retried once, then finds the row. */
async function once<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch {
    return write();
  }
}

/**
 * The issue tests' roll calls: H.R. 2471 (117th; abortion, climate, economy) House rolls 65 and 66,
 * and H.R. 3762 (114th; abortion, healthcare) House rolls 568 and 6. The voters' positions are on roll 66.
 */
export async function storeIssueRollCalls(db: Db, voters: { officialId: number; position: VotePosition }[]) {
  const omnibus = await once(() => storeFixtureBill(db, "3.0.0/BILLSTATUS-117hr2471.xml"));
  const reconciliation = await once(() => storeFixtureBill(db, "legacy/BILLSTATUS-114hr3762.xml"));
  await once(() => storeRecordedRollCall(db, omnibus, 65, []));
  await once(() => storeRecordedRollCall(db, omnibus, 66, voters));
  await once(() => storeRecordedRollCall(db, reconciliation, 568, []));
  await once(() => storeRecordedRollCall(db, reconciliation, 6, []));
}
