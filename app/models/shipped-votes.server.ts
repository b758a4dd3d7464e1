// The real roll calls and bill status files shipped with the app (prisma/data/roll-calls; sources
// in its README.md), stored by the import's own writers so that a fresh install shows votes before
// the first nightly run, and the import goes on from them (decision 0050).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "~/db.server";
import { LIVE_SOURCES } from "~/jobs/sources";
import { billStatusUrl, parseBillStatus, type BillStatus } from "~/lib/bill-status";
import { parseCongressProjectVote, type CongressProjectVote } from "~/lib/congress-project-votes";
import { houseRollCallUrl, senateRollCallUrl, type RollCall } from "~/lib/roll-calls";
import { storeBill } from "./bills.server";
import { officialIdsByMemberId, saveRollCall } from "./voting-records.server";

export const SHIPPED_VOTES_DIR = "prisma/data/roll-calls";

type ShippedRollCall = CongressProjectVote & { updated_at: string };

export type ShippedVotes = {
  rollCalls: { rollCall: RollCall; fetchedAt: Date }[];
  bills: { bill: BillStatus; fetchedAt: Date }[];
};

export function readShippedVotes(dir = SHIPPED_VOTES_DIR): ShippedVotes {
  const file = JSON.parse(readFileSync(path.join(dir, "roll-calls-119.json"), "utf8")) as { rollCalls: ShippedRollCall[] };
  const billDir = path.join(dir, "billstatus");
  return {
    // The project's updated_at is when it read the chamber's file: the day the facts were fetched.
    rollCalls: file.rollCalls.map((data) => ({ rollCall: parseCongressProjectVote(data), fetchedAt: new Date(data.updated_at) })),
    bills: readdirSync(billDir)
      .filter((name) => name.endsWith(".xml"))
      .sort()
      .map((name) => {
        const xml = readFileSync(path.join(billDir, name), "utf8");
        // The file's own last change: the copy was fetched no earlier (the mirror keeps no fetch time).
        const updated = /<updateDate>([^<]+)<\/updateDate>/.exec(xml);
        if (!updated) throw new Error(`${name}: no updateDate`);
        return { bill: parseBillStatus(xml), fetchedAt: new Date(updated[1]) };
      }),
  };
}

/** The address the import reads the roll call from with the live sources: the stored roll call names its official file. */
const officialUrl = ({ chamber, number, session }: RollCall) =>
  chamber === "house"
    ? houseRollCallUrl(LIVE_SOURCES.houseClerk, number, session)
    : senateRollCallUrl(LIVE_SOURCES.senateLis, number, session);

/**
 * Stores the shipped bills and every shipped roll call not stored yet, with each member's position
 * (members not in our table are left out, as the import leaves them). Idempotent: a roll call
 * already stored (shipped or imported) and a bill whose file is unchanged are not written again.
 */
export async function loadShippedVotes(db: Db, shipped: ShippedVotes = readShippedVotes()) {
  const billsBase = `${LIVE_SOURCES.billStatus}/BILLSTATUS`;
  let bills = 0;
  for (const { bill, fetchedAt } of shipped.bills) {
    if ((await storeBill(db, bill, { sourceUrl: billStatusUrl(billsBase, bill), fetchedAt })) !== "unchanged") bills++;
  }
  const stored = new Set(
    (
      await db.rollCall.findMany({
        where: { voteId: { in: shipped.rollCalls.map(({ rollCall }) => rollCall.voteId) } },
        select: { voteId: true },
      })
    ).map((r) => r.voteId),
  );
  const members = { house: await officialIdsByMemberId(db, "house"), senate: await officialIdsByMemberId(db, "senate") };
  let rollCalls = 0;
  let positions = 0;
  for (const { rollCall, fetchedAt } of shipped.rollCalls) {
    if (stored.has(rollCall.voteId)) continue;
    const ids = members[rollCall.chamber];
    const known = rollCall.positions.flatMap(({ memberId, position }) => {
      const officialId = ids.get(memberId);
      return officialId === undefined ? [] : [{ officialId, position }];
    });
    positions += await saveRollCall(db, rollCall, known, officialUrl(rollCall), fetchedAt);
    rollCalls++;
  }
  return { bills, rollCalls, positions };
}
