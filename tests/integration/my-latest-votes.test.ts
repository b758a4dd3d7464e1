// /my's latest votes under each official: one query for all the user's officials, each official's
// newest few (by vote date, then vote id), none for an official with no votes.
import { afterAll, expect, test } from "vitest";
import { db } from "~/db.server";
import { latestVotesOf } from "~/models/follows.server";

const tag = `latest-${process.pid}-${Date.now()}`;
afterAll(() => db.votingRecord.deleteMany({ where: { voteId: { startsWith: tag } } }));

test("each official's three newest votes, newest first, from one query", async () => {
  const [first, second, quiet] = await db.official.findMany({ where: { votingRecords: { none: {} } }, take: 3, orderBy: { id: "asc" } });
  const votes = (officialId: number, days: string[]) =>
    db.votingRecord.createMany({
      data: days.map((day, i) => ({
        officialId,
        voteId: `${tag}-${officialId}-${i}`,
        billTitle: `Bill of ${day}`,
        voteDate: day,
        votePosition: "Yea",
      })),
    });
  await votes(first.id, ["2025-01-02", "2025-03-04", "2025-02-01", "2025-05-06", "2025-04-01"]);
  await votes(second.id, ["2025-06-01", "2025-06-01"]);

  let queries = 0;
  const counting = db.$extends({ query: { $allOperations: ({ args, query }) => (queries++, query(args)) } });
  const latest = await latestVotesOf(counting as typeof db, [first.id, second.id, quiet.id], 3);
  expect(queries).toBe(1);
  expect(latest[first.id].map((v) => v.voteDate)).toEqual(["2025-05-06", "2025-04-01", "2025-03-04"]);
  expect(latest[first.id][0]).toMatchObject({ billTitle: "Bill of 2025-05-06", votePosition: "Yea", voteId: `${tag}-${first.id}-3` });
  // Two votes on one day: the later vote id first.
  expect(latest[second.id].map((v) => v.voteId)).toEqual([`${tag}-${second.id}-1`, `${tag}-${second.id}-0`]);
  expect(latest[quiet.id]).toEqual([]);
});
