// The votes a profile test shows: one member's positions on real recorded roll calls of real bills
// (H.R. 3762 of the 114th: abortion, healthcare; H.R. 2471 of the 117th: abortion, climate, economy),
// written with the issue tests' helpers (tests/e2e/issue-data.ts) so both store the same rows. Old
// Congresses only, so nothing here crowds a shared list.
import type { Db } from "~/db.server";
import type { VotePosition } from "~/lib/roll-calls";
import { storeFixtureBill, storeRecordedRollCall } from "./issue-data";

/** Two tests may store the same bill or roll call at once: the loser's unique-key error is retried once, then finds the row. */
async function once<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch {
    return write();
  }
}

/** The member's positions: H.R. 3762 roll 568 (2015) Nay and roll 6 (2016) not voting, H.R. 2471 roll 65 (2022) Yea. */
export async function storeProfileVotes(db: Db, officialId: number) {
  const reconciliation = await once(() => storeFixtureBill(db, "legacy/BILLSTATUS-114hr3762.xml"));
  const omnibus = await once(() => storeFixtureBill(db, "3.0.0/BILLSTATUS-117hr2471.xml"));
  const vote = (position: VotePosition) => [{ officialId, position }];
  await once(() => storeRecordedRollCall(db, reconciliation, 568, vote("Nay")));
  await once(() => storeRecordedRollCall(db, reconciliation, 6, vote("Not Voting")));
  await once(() => storeRecordedRollCall(db, omnibus, 65, vote("Yea")));
}
