// Voting records as the GovTrack import writes them: which roll calls are stored already, who a
// roll call's member ids are, and one roll call's positions saved whole or not at all.
import type { Db } from "~/db.server";
import { parseVoteId, voteIdOf, type Chamber, type RollCall, type Session, type VotePosition } from "~/lib/roll-calls";

const prefix = (chamber: Chamber) => (chamber === "house" ? "h" : "s");

/** The highest roll number stored for a chamber's session (voteIds like "h240-119.2025"), or null. */
export async function lastStoredRollCall(db: Db, chamber: Chamber, session: Session) {
  const suffix = voteIdOf(chamber, 0, session).slice(prefix(chamber).length + 1);
  const groups = await db.votingRecord.groupBy({
    by: ["voteId"],
    where: { AND: [{ voteId: { startsWith: prefix(chamber) } }, { voteId: { endsWith: suffix } }] },
  });
  const numbers = groups.flatMap(({ voteId }) => {
    const parsed = parseVoteId(voteId);
    return parsed && parsed.chamber === chamber && parsed.congress === session.congress && parsed.year === session.year
      ? [parsed.number]
      : [];
  });
  return numbers.length ? Math.max(...numbers) : null;
}

/** Whether any roll call of the chamber is stored (a first run starts differently). */
export async function hasStoredRollCalls(db: Db, chamber: Chamber) {
  return !!(await db.votingRecord.findFirst({ where: { voteId: { startsWith: prefix(chamber) } }, select: { id: true } }));
}

/** Member id of the chamber's files (bioguide id for the House, LIS id for the Senate) → official id, former members included. */
export async function officialIdsByMemberId(db: Db, chamber: Chamber) {
  if (chamber === "house") {
    const rows = await db.official.findMany({ where: { bioguideId: { not: null } }, select: { id: true, bioguideId: true } });
    return new Map(rows.map((r) => [r.bioguideId!, r.id]));
  }
  const rows = await db.official.findMany({ where: { lisId: { not: null } }, select: { id: true, lisId: true } });
  return new Map(rows.map((r) => [r.lisId!, r.id]));
}

/**
 * Stores one roll call's positions in one short transaction, leaving any position already stored
 * (the unique officialId + voteId) as it is. Returns how many rows were inserted.
 */
export async function saveRollCall(
  db: Db,
  rollCall: Omit<RollCall, "positions" | "election" | "session" | "number">,
  positions: { officialId: number; position: VotePosition }[],
  sourceUrl: string,
) {
  const { voteId, chamber, billNumber, billTitle, description, voteDate } = rollCall;
  return db.$transaction(async (tx) => {
    const stored = await tx.votingRecord.findMany({
      where: { voteId, officialId: { in: positions.map((p) => p.officialId) } },
      select: { officialId: true },
    });
    const skip = new Set(stored.map((r) => r.officialId));
    const { count } = await tx.votingRecord.createMany({
      data: positions
        .filter((p) => !skip.has(p.officialId))
        .map((p) => ({
          officialId: p.officialId,
          voteId,
          chamber,
          billNumber,
          billTitle,
          description,
          voteDate,
          votePosition: p.position,
          sourceUrl,
        })),
    });
    return count;
  });
}
